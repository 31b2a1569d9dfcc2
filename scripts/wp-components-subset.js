/**
 * The @wordpress/components exports Abacus's own code uses (client/src and packages/<name>/src,
 * tests and galleries left out), read from its import and export declarations with TypeScript's
 * parser. Inside WordPress the plugin loads these as one script of its own, the
 * `abacus-wp-components` handle (`abacus.wpComponents`, built by scripts/webpack.packages.config.js),
 * instead of WordPress's whole components script: on a cold load of a report page that script alone
 * cost about three quarters of a bare admin page's load (tests/bench/README.md, Pages inside
 * wp-admin), for the 20 of its 150-odd components Abacus uses (December 2026).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const COMPONENTS = '@wordpress/components';

/**
 * The dependency extraction options of Abacus's builds for WordPress (the app and the abacus-*
 * packages): @wordpress/components is read from the abacus-wp-components handle.
 */
export const wpComponentsExternal = {
	requestToExternal: (request) =>
		request === COMPONENTS ? ['abacus', 'wpComponents'] : undefined,
	requestToHandle: (request) => (request === COMPONENTS ? 'abacus-wp-components' : undefined),
};

/** Source files under `dir`, tests, stories and galleries left out. */
function sources(dir) {
	const out = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) {
			if (
				['test', 'tests', '__tests__', 'stories', 'gallery', 'node_modules'].includes(
					entry.name,
				)
			)
				continue;
			out.push(...sources(full));
		} else if (
			/\.(tsx?|jsx?)$/.test(entry.name) &&
			!/\.(test|spec|d)\.[tj]sx?$/.test(entry.name)
		) {
			out.push(full);
		}
	}
	return out;
}

/**
 * The names imported (or re-exported) from @wordpress/components as values by the files under
 * `dirs` (default: client/src and every packages/<name>/src), sorted. A namespace or default
 * import throws: the script can only carry what is named.
 */
export function wpComponentsUsed(dirs) {
	const ts = require('typescript');
	const roots =
		dirs ??
		[
			path.join(root, 'client/src'),
			...readdirSync(path.join(root, 'packages'), { withFileTypes: true })
				.filter((entry) => entry.isDirectory())
				.map((entry) => path.join(root, 'packages', entry.name, 'src')),
		].filter((dir) => {
			try {
				return readdirSync(dir).length > 0;
			} catch {
				return false;
			}
		});
	const names = new Set();
	for (const file of roots.flatMap(sources)) {
		const text = readFileSync(file, 'utf8');
		if (!text.includes(COMPONENTS)) continue;
		const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
		for (const statement of source.statements) {
			const from = statement.moduleSpecifier;
			if (!from || !ts.isStringLiteral(from) || from.text !== COMPONENTS) continue;
			const where = `${path.relative(root, file)}: `;
			if (ts.isImportDeclaration(statement)) {
				const clause = statement.importClause;
				if (!clause || clause.isTypeOnly) continue;
				if (clause.name)
					throw new Error(
						`${where}a default import of ${COMPONENTS}; import its components by name.`,
					);
				const bindings = clause.namedBindings;
				if (!bindings) continue;
				if (ts.isNamespaceImport(bindings))
					throw new Error(
						`${where}\`import * as\` ${COMPONENTS}; import its components by name.`,
					);
				for (const element of bindings.elements) {
					if (element.isTypeOnly) continue;
					names.add((element.propertyName ?? element.name).text);
				}
			} else if (ts.isExportDeclaration(statement)) {
				if (statement.isTypeOnly) continue;
				const clause = statement.exportClause;
				if (!clause || !ts.isNamedExports(clause))
					throw new Error(
						`${where}\`export *\` from ${COMPONENTS}; export its components by name.`,
					);
				for (const element of clause.elements) {
					if (element.isTypeOnly) continue;
					names.add((element.propertyName ?? element.name).text);
				}
			}
		}
	}
	return [...names].sort();
}

/** The entry module of the abacus-wp-components script: the names used, re-exported. */
export function wpComponentsEntry(names = wpComponentsUsed()) {
	return `export { ${names.join(', ')} } from '${COMPONENTS}';\n`;
}
