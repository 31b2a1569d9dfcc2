/**
 * Bundles tests/consumer/entry.js for node (no window), the way an extension would bundle the
 * pure packages: from their built output, through their public entries.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import webpack from 'webpack';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * @param {string} outputPath where bundle.cjs goes
 * @param {string} entry      the consumer entry (tests/consumer/entry.js by default)
 */
export function createConfig(
	outputPath = path.join(os.tmpdir(), 'abacus-consumer-check'),
	entry = path.join(here, 'entry.js'),
) {
	return {
		mode: 'development',
		devtool: false,
		target: 'node',
		context: here,
		entry,
		output: { path: outputPath, filename: 'bundle.cjs', library: { type: 'commonjs2' } },
		resolve: { extensions: ['.js', '.json'] },
		// Only the built output is allowed: a consumer has no TypeScript loader.
		module: { rules: [] },
		plugins: [
			new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
		],
		performance: { hints: false },
		stats: 'errors-only',
	};
}

export default createConfig();
