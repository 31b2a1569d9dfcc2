/**
 * What the app's build (webpack.config.js) and the abacus-* script handles' build
 * (scripts/webpack.packages.config.js) share: TypeScript through swc, module resolution, minifying,
 * and the plugins that drop moment's locales and set NODE_ENV.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/**
 * Minified with swc in production; lazily loaded code in chunks of its own. `concatenateModules:
 * false` keeps each module in a function of its own instead of hoisting a script's modules into
 * one scope (webpack's default in production), as the scripts for wp-admin are built: there
 * Chromium runs the concatenated scripts markedly more slowly on a cold load (the
 * abacus-wp-components script, 337 kB, in 324 ms concatenated and 162 ms not, 397 kB; the
 * abacus-data script in 86 ms and 38 ms in a traced report page), while the standalone bundle
 * runs about as fast either way (328 and 345 ms) and stays concatenated: medians of 8-10 cold loads,
 * Chromium 156 on a 2-core machine, December 2026 (tests/bench/README.md, Pages inside wp-admin).
 */
export function optimization(isProduction, { concatenateModules = true } = {}) {
	return {
		minimize: isProduction,
		concatenateModules: isProduction && concatenateModules,
		minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
		splitChunks: { chunks: 'async' },
	};
}

/** moment-timezone's library file, without its zone database. */
const MOMENT_TIMEZONE_CORE = require.resolve('moment-timezone/moment-timezone.js');

/**
 * moment-timezone without its zone database, one copy of it in a bundle: `moment-timezone` is
 * client/src/app/moment-timezone.ts (the library and the store's zone, which the page embeds as
 * `abacusSettings.timeZoneData`), and @wordpress/date's imports of the library and of its utilities
 * (`moment-timezone/moment-timezone`, `moment-timezone/moment-timezone-utils`) are the same
 * version's files, its utilities' own `require('./')` (the package's main file, which loads every
 * zone: 736 kB) the library file. Without this a bundle of @wordpress/date carried its own copy
 * of moment-timezone with the whole database.
 */
export const momentTimezoneAlias = {
	'moment-timezone$': path.join(root, 'client/src/app/moment-timezone.ts'),
	'moment-timezone/moment-timezone$': MOMENT_TIMEZONE_CORE,
	'moment-timezone/moment-timezone-utils$':
		require.resolve('moment-timezone/moment-timezone-utils.js'),
};

/** The plugin that points moment-timezone's utilities at the library file (momentTimezoneAlias). */
function momentTimezoneUtilsPlugin() {
	return new webpack.NormalModuleReplacementPlugin(/^\.\/?$/, (resource) => {
		if (/[\\/]moment-timezone$/.test(resource.context ?? '')) {
			resource.request = MOMENT_TIMEZONE_CORE;
		}
	});
}

/**
 * moment without its bundled locale files, moment-timezone's utilities on the library file
 * (momentTimezoneAlias), and NODE_ENV for React.
 */
export function commonPlugins(isProduction) {
	return [
		new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
		momentTimezoneUtilsPlugin(),
		new webpack.DefinePlugin({
			'process.env.NODE_ENV': JSON.stringify(isProduction ? 'production' : 'development'),
		}),
	];
}
