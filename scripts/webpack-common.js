/**
 * What the app's build (webpack.config.js) and the abacus-* script handles' build
 * (scripts/webpack.packages.config.js) share: TypeScript through swc, module resolution, minifying,
 * and the plugins that drop moment's locales and set NODE_ENV.
 */
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';

/** Resolves TypeScript sources, also where an import names the built `.js` file. */
export const resolveSources = {
	extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
	extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

/** TypeScript and JSX through swc, for the es2019 target. */
export function typeScriptRule(isProduction) {
	return {
		test: /\.[jt]sx?$/,
		exclude: /node_modules/,
		use: {
			loader: 'swc-loader',
			options: {
				jsc: {
					parser: { syntax: 'typescript', tsx: true },
					transform: {
						react: { runtime: 'automatic', development: !isProduction },
					},
					target: 'es2019',
				},
			},
		},
	};
}

/** Minified with swc in production; lazily loaded code in chunks of its own. */
export function optimization(isProduction) {
	return {
		minimize: isProduction,
		minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
		splitChunks: { chunks: 'async' },
	};
}

/** moment without its bundled locale files, and NODE_ENV for React. */
export function commonPlugins(isProduction) {
	return [
		new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
		new webpack.DefinePlugin({
			'process.env.NODE_ENV': JSON.stringify(isProduction ? 'production' : 'development'),
		}),
	];
}
