/**
 * @abacus/dependency-extraction-webpack-plugin: WordPress's dependency extraction plugin that also
 * knows the Abacus script handles. An extension built with @wordpress/scripts gets every
 * `@abacus/*` import as the `abacus.*` global of the handle the Abacus plugin registers
 * (`abacus-components`, `abacus-data`, ...), listed in its `.asset.php` dependencies, instead of
 * bundling its own copy of the stores and components.
 */
const WordPressDependencyExtractionWebpackPlugin = require('@wordpress/dependency-extraction-webpack-plugin');

/** The packages the Abacus plugin registers as scripts, by npm name. */
const ABACUS_PACKAGES = [
	'settings',
	'metrics',
	'number',
	'currency',
	'date',
	'navigation',
	'csv-export',
	'data',
	'components',
];

function packageName(request) {
	const match = /^@abacus\/([a-z-]+)$/.exec(request);
	return match && ABACUS_PACKAGES.includes(match[1]) ? match[1] : null;
}

function camelCase(name) {
	return name.replace(/-([a-z])/g, (_all, letter) => letter.toUpperCase());
}

/** `@abacus/csv-export` → `['abacus', 'csvExport']` (the global `abacus.csvExport`). */
function requestToExternal(request) {
	const name = packageName(request);
	return name ? ['abacus', camelCase(name)] : undefined;
}

/** `@abacus/csv-export` → `'abacus-csv-export'` (the script handle). */
function requestToHandle(request) {
	const name = packageName(request);
	return name ? `abacus-${name}` : undefined;
}

class AbacusDependencyExtractionWebpackPlugin extends WordPressDependencyExtractionWebpackPlugin {
	constructor(options = {}) {
		const ownExternal = options.requestToExternal;
		const ownHandle = options.requestToHandle;
		super({
			...options,
			requestToExternal: (request) =>
				(ownExternal && ownExternal(request)) ?? requestToExternal(request),
			requestToHandle: (request) =>
				(ownHandle && ownHandle(request)) ?? requestToHandle(request),
		});
	}
}

module.exports = AbacusDependencyExtractionWebpackPlugin;
module.exports.requestToExternal = requestToExternal;
module.exports.requestToHandle = requestToHandle;
module.exports.ABACUS_PACKAGES = ABACUS_PACKAGES;
