/**
 * The dependency rule's other half (ESLint's `no-restricted-imports` keeps each layer from importing
 * upward): no file of the server, the client or a package reaches itself again through the modules
 * it imports at run time. Imports of types only (`import type`, `export type`, every specifier
 * `type`) are left out, since they leave nothing behind in the built code. A loop found is printed
 * as its chain of files.
 */
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const root = path.resolve(__dirname, '../..');

const FOLDERS = [
	'server/src',
	'client/src',
	...fs
		.readdirSync(path.join(root, 'packages'))
		.map((name) => `packages/${name}/src`)
		.filter((folder) => fs.existsSync(path.join(root, folder))),
];

function sourceFiles(folder: string): string[] {
	const out: string[] = [];
	for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) {
			if (entry.name !== 'test' && entry.name !== 'node_modules')
				out.push(...sourceFiles(full));
		} else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
			out.push(full);
		}
	}
	return out;
}

/** A relative specifier's file (`./x.js` is `x.ts`, `x.tsx` or `x/index.ts`), if it exists. */
function resolve(from: string, specifier: string): string | undefined {
	const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
	return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) =>
		fs.existsSync(file),
	);
}

/** The files `file` imports at run time (relative imports and re-exports that are not type-only). */
function runtimeImports(file: string): string[] {
	const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
	const out: string[] = [];
	for (const statement of source.statements) {
		let specifier: ts.Expression | undefined;
		let typeOnly = false;
		if (ts.isImportDeclaration(statement)) {
			specifier = statement.moduleSpecifier;
			const clause = statement.importClause;
			const named = clause?.namedBindings;
			typeOnly =
				clause !== undefined &&
				(clause.isTypeOnly ||
					(clause.name === undefined &&
						named !== undefined &&
						ts.isNamedImports(named) &&
						named.elements.length > 0 &&
						named.elements.every((element) => element.isTypeOnly)));
		} else if (ts.isExportDeclaration(statement)) {
			specifier = statement.moduleSpecifier;
			const clause = statement.exportClause;
			typeOnly =
				statement.isTypeOnly ||
				(clause !== undefined &&
					ts.isNamedExports(clause) &&
					clause.elements.length > 0 &&
					clause.elements.every((element) => element.isTypeOnly));
		}
		if (!specifier || !ts.isStringLiteral(specifier) || typeOnly) continue;
		if (!specifier.text.startsWith('.')) continue;
		const target = resolve(file, specifier.text);
		if (target) out.push(target);
	}
	return out;
}

/** Each loop of the graph, as the chain of files from one file back to itself. */
function loops(graph: Map<string, string[]>): string[][] {
	const found: string[][] = [];
	const state = new Map<string, 'open' | 'done'>();
	const stack: string[] = [];
	const visit = (file: string): void => {
		state.set(file, 'open');
		stack.push(file);
		for (const next of graph.get(file) ?? []) {
			if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
			else if (!state.has(next)) visit(next);
		}
		stack.pop();
		state.set(file, 'done');
	};
	for (const file of graph.keys()) if (!state.has(file)) visit(file);
	return found;
}

test.each(FOLDERS)('no runtime import loop in %s', (folder) => {
	const files = sourceFiles(path.join(root, folder));
	expect(files.length).toBeGreaterThan(0);
	const graph = new Map(files.map((file) => [file, runtimeImports(file)]));
	const chains = loops(graph).map((chain) =>
		chain.map((file) => path.relative(root, file)).join(' -> '),
	);
	expect(chains).toEqual([]);
});

test('a loop is found: two files importing each other, and not when one import is a type', () => {
	const dir = fs.mkdtempSync(path.join(root, 'tests/integration/.loop-'));
	try {
		fs.writeFileSync(
			path.join(dir, 'a.ts'),
			"import { b } from './b.js';\nexport const a = b;\n",
		);
		fs.writeFileSync(
			path.join(dir, 'b.ts'),
			"export { a } from './a.js';\nexport const b = 1;\n",
		);
		const graph = (): Map<string, string[]> =>
			new Map(sourceFiles(dir).map((file) => [file, runtimeImports(file)]));
		expect(loops(graph()).map((chain) => chain.map((file) => path.basename(file)))).toEqual([
			['a.ts', 'b.ts', 'a.ts'],
		]);
		fs.writeFileSync(
			path.join(dir, 'b.ts'),
			"export type { A } from './a.js';\nexport const b = 1;\n",
		);
		expect(loops(graph())).toEqual([]);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});
