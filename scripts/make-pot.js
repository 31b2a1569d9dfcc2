/**
 * Generates languages/abacus.pot from the sources: every translatable call with the `abacus` text
 * domain in client/, packages/*\/src, plugin.php, includes/ and php/. TypeScript sources are parsed with the
 * TypeScript compiler (not regular expressions), so multi-line calls and escapes are read exactly.
 *
 * Usage: node scripts/make-pot.js [output]
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from './command-line.js';

/** The TypeScript compiler, loaded when the first source is parsed (not for `--help`). */
let ts;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOMAIN = 'abacus';
/** Function name → positions of [single, plural, context] and of the domain argument. */
const FUNCTIONS = {
	__: { single: 0, domain: 1 },
	_x: { single: 0, context: 1, domain: 2 },
	_n: { single: 0, plural: 1, domain: 3 },
	_nx: { single: 0, plural: 1, context: 3, domain: 4 },
};

function walk(dir, out = []) {
	for (const name of readdirSync(dir)) {
		if (['node_modules', 'build', 'build-module', 'build-types', 'test'].includes(name))
			continue;
		const full = path.join(dir, name);
		if (statSync(full).isDirectory()) walk(full, out);
		else if (/\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name)) out.push(full);
	}
	return out;
}

/** @type {Map<string, {msgid: string, plural?: string, context?: string, refs: string[], comments: string[]}>} */
const entries = new Map();

function add(msgid, plural, context, ref, comment) {
	const key = `${context ?? ''}\u0004${msgid}`;
	const entry = entries.get(key) ?? { msgid, plural, context, refs: [], comments: [] };
	entry.refs.push(ref);
	if (comment && !entry.comments.includes(comment)) entry.comments.push(comment);
	entries.set(key, entry);
}

/**
 * Translator comments of a source (`/* translators: ... *\/` or `// translators: ...`): each with
 * its end offset and the line it ends on. A comment belongs to the first translatable call that
 * starts after it on the same line or the next one, as WordPress's tools read them.
 */
function translatorComments(source) {
	const found = [];
	for (const match of source.matchAll(/\/\*([\s\S]*?)\*\/|\/\/([^\n]*)/g)) {
		const body = (match[1] ?? match[2] ?? '')
			.split('\n')
			.map((line) => line.replace(/^\s*\*?\s?/, '').trim())
			.filter(Boolean)
			.join(' ')
			.trim();
		if (!/^translators:/i.test(body)) continue;
		const end = match.index + match[0].length;
		found.push({ text: body, end, line: source.slice(0, end).split('\n').length, used: false });
	}
	return found;
}

function commentFor(comments, start, line) {
	const candidate = comments.find(
		(c) => !c.used && c.end <= start && (c.line === line || c.line === line - 1),
	);
	if (!candidate) return undefined;
	candidate.used = true;
	return candidate.text;
}

function literal(node) {
	if (!node) return undefined;
	if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
	return undefined;
}

export function extractTypeScript(file, source) {
	ts ??= createRequire(import.meta.url)('typescript');
	const sf = ts.createSourceFile(
		file,
		source,
		ts.ScriptTarget.Latest,
		true,
		file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
	);
	const comments = translatorComments(source);
	const visit = (node) => {
		if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
			const spec = FUNCTIONS[node.expression.text];
			if (spec && literal(node.arguments[spec.domain]) === DOMAIN) {
				const msgid = literal(node.arguments[spec.single]);
				if (msgid !== undefined) {
					const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
					const comment = commentFor(comments, node.getStart(), line);
					add(
						msgid,
						spec.plural !== undefined
							? literal(node.arguments[spec.plural])
							: undefined,
						spec.context !== undefined
							? literal(node.arguments[spec.context])
							: undefined,
						`${path.relative(root, file)}:${line}`,
						comment,
					);
				}
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(sf);
}

/** PHP: single-quoted strings in __(), esc_html__(), esc_attr__(), _e() ... with the abacus domain. */
export function extractPhp(file, source) {
	const re =
		/\b(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(\s*'((?:[^'\\]|\\.)*)'\s*,\s*'abacus'\s*\)/g;
	const comments = translatorComments(source);
	for (const match of source.matchAll(re)) {
		const line = source.slice(0, match.index).split('\n').length;
		add(
			match[1].replace(/\\'/g, "'").replace(/\\\\/g, '\\'),
			undefined,
			undefined,
			`${path.relative(root, file)}:${line}`,
			commentFor(comments, match.index, line),
		);
	}
}

function quote(text) {
	return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;
}

/**
 * The package scripts of a build/wp-packages folder: package name → its built script
 * (`build/wp-packages/<name>.js`, the abacus-<name> handle), for the packages that were built. Other
 * @abacus packages stay external in each script, so a package's sources are in its own script only.
 *
 * @param {string} dir The build/wp-packages folder.
 * @returns {Record<string, string>}
 */
export function packageScriptMap(dir) {
	if (!existsSync(dir)) return {};
	return Object.fromEntries(
		readdirSync(dir)
			.filter((name) => name.endsWith('.asset.php'))
			.map((name) => name.slice(0, -'.asset.php'.length))
			.filter((name) => existsSync(path.join(dir, `${name}.js`)))
			.map((name) => [name, `build/wp-packages/${name}.js`]),
	);
}

/** The Dashboard widget's script: its own build (no translation map), from client/src/widget. */
export const WIDGET_SCRIPT = 'build/wp/dashboard-widget.js';

/** The built scripts carrying the strings of one source file (a reference without its line). */
function scriptsOf(file, scriptMap, packageScripts, widgetScript) {
	const found = (scriptMap?.[file] ?? []).map((built) => `build/wp/${built}`);
	if (widgetScript && file.startsWith('client/src/widget/')) found.push(WIDGET_SCRIPT);
	const match = /^packages\/([^/]+)\/src\//.exec(file);
	if (match && packageScripts?.[match[1]]) found.push(packageScripts[match[1]]);
	return found;
}

/**
 * The POT of the sources. With `scriptMap` (build/wp/translation-map.json: source file → built
 * scripts), every string also names the built scripts that carry it (`build/wp/chunks/x.js`), so
 * that WordPress's `make-json` writes the JSON translation of each script plugin.php loads. With
 * `packageScripts` (packageScriptMap()), strings of packages/<name>/src also name
 * `build/wp-packages/<name>.js`, so the abacus-<name> handles get their JSON translations too. With
 * `widgetScript`, strings of client/src/widget also name build/wp/dashboard-widget.js (the
 * Dashboard widget's script, which php/dashboard-widget.php loads with its JSON translation).
 */
export function makePot({ scriptMap, packageScripts, widgetScript } = {}) {
	entries.clear();
	const files = [
		...walk(path.join(root, 'client/src')),
		...readdirSync(path.join(root, 'packages')).flatMap((p) => {
			const src = path.join(root, 'packages', p, 'src');
			try {
				return walk(src);
			} catch {
				return [];
			}
		}),
	];
	for (const file of files) extractTypeScript(file, readFileSync(file, 'utf8'));
	const phpFiles = [
		'plugin.php',
		'uninstall.php',
		...readdirSync(path.join(root, 'includes'))
			.filter((name) => name.endsWith('.php'))
			.map((name) => `includes/${name}`),
		...(existsSync(path.join(root, 'php'))
			? readdirSync(path.join(root, 'php'))
					.filter((name) => name.endsWith('.php'))
					.map((name) => `php/${name}`)
			: []),
	];
	for (const file of phpFiles) {
		extractPhp(path.join(root, file), readFileSync(path.join(root, file), 'utf8'));
	}
	const header = [
		'# Copyright (C) The Abacus team',
		'# This file is distributed under the GPL-3.0-or-later.',
		'msgid ""',
		'msgstr ""',
		'"Project-Id-Version: Abacus 0.1.0\\n"',
		'"MIME-Version: 1.0\\n"',
		'"Content-Type: text/plain; charset=UTF-8\\n"',
		'"Content-Transfer-Encoding: 8bit\\n"',
		'"X-Domain: abacus\\n"',
		'',
	].join('\n');
	const body = [...entries.values()]
		.sort((a, b) => a.refs[0].localeCompare(b.refs[0]))
		.map((e) => {
			const scripts = [
				...new Set(
					e.refs.flatMap((ref) =>
						scriptsOf(
							ref.replace(/:\d+$/, ''),
							scriptMap,
							packageScripts,
							widgetScript,
						),
					),
				),
			].sort();
			const lines = [
				...e.comments.map((c) => `#. ${c}`),
				`#: ${[...e.refs, ...scripts].join(' ')}`,
			];
			if (e.context) lines.push(`msgctxt ${quote(e.context)}`);
			lines.push(`msgid ${quote(e.msgid)}`);
			if (e.plural !== undefined) {
				lines.push(`msgid_plural ${quote(e.plural)}`, 'msgstr[0] ""', 'msgstr[1] ""');
			} else {
				lines.push('msgstr ""');
			}
			return lines.join('\n');
		})
		.join('\n\n');
	return { pot: `${header}\n${body}\n`, count: entries.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const usage = `Usage: npm run make-pot -- [OUT.pot]
  Writes the translation template of every string of the plugin (PHP, the admin bundle and the
  packages' scripts; build first for the scripts' file map). OUT.pot: default languages/abacus.pot.
  ABACUS_BUILD_ROOT: another build folder.
  --help   this text`;
	const { positionals } = parseCommandLine({ usage, positionals: true });
	if (positionals.length > 1)
		usageError(
			`One output file at most, got ${positionals.length}: ${positionals.join(' ')}.`,
			usage,
		);
	const out = path.resolve(positionals[0] ?? path.join(root, 'languages/abacus.pot'));
	const buildRoot = process.env.ABACUS_BUILD_ROOT
		? path.resolve(process.env.ABACUS_BUILD_ROOT)
		: path.join(root, 'build');
	const mapFile = path.join(buildRoot, 'wp/translation-map.json');
	const { pot, count } = makePot({
		scriptMap: existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : undefined,
		packageScripts: packageScriptMap(path.join(buildRoot, 'wp-packages')),
		widgetScript: existsSync(path.join(buildRoot, 'wp/dashboard-widget.js')),
	});
	mkdirSync(path.dirname(out), { recursive: true });
	writeFileSync(out, pot);
	console.log(`Wrote ${count} strings to ${path.relative(root, out)}`);
}
