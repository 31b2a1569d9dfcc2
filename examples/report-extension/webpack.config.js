/**
 * @wordpress/scripts' webpack config, with the Abacus handles as externals: `@abacus/*` imports
 * become the abacus.* globals of the abacus-* scripts and are listed in build/index.asset.php.
 */
const defaultConfig = require('@wordpress/scripts/config/webpack.config');
const AbacusDependencyExtractionWebpackPlugin = require('@abacus/dependency-extraction-webpack-plugin');

module.exports = {
	...defaultConfig,
	plugins: [
		...defaultConfig.plugins.filter(
			(plugin) => plugin.constructor.name !== 'DependencyExtractionWebpackPlugin',
		),
		new AbacusDependencyExtractionWebpackPlugin(),
	],
};
