#!/usr/bin/env node
/**
 * `npm run operator -- add NAME [--stores 1,2 | --all] [--password-file F]`, `list`,
 * `remove NAME`, `passwd NAME [--password-file F]`: the engine's operators, who sign in on its
 * admin page (`server/src/engine-auth/operators.ts`). Kept in the engine's database (`--db`,
 * default `.data/engine.duckdb`; stop the engine first, it holds the file). A password is typed at
 * a prompt (not shown), or read from `--password-file` or from standard input; never from the
 * command line.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

import {
	ensureServerBuild,
	lockedDatabaseMessage,
	parseCommandLine,
	root,
	usageError,
} from './command-line.js';

const USAGE = `Usage: npm run operator -- <command> [options]
  add NAME [--stores ID,ID | --all]   add an operator (all stores by default: --all)
  list                                the operators and their stores
  remove NAME                         remove an operator
  passwd NAME                         set an operator's password
Options:
  --stores LIST         store ids (the cluster's numbers) or store addresses, comma-separated
  --all                 every store the engine serves
  --password-file PATH  read the password from this file (its first line)
  --db PATH             the engine database (default .data/engine.duckdb)
  --help                this text
The password is asked at a prompt (not shown) or read from standard input; never from the command
line. At least 12 characters. Stop the engine first: it holds its database file.`;

if (process.argv.slice(2).some((arg) => /^--(password|pass|pwd)(=|$)/.test(arg)))
	usageError(
		'A password is never taken on the command line (other users see it in the process list): type it at the prompt or give --password-file.',
		USAGE,
	);

const { values, positionals } = parseCommandLine({
	usage: USAGE,
	positionals: true,
	options: {
		stores: { type: 'string' },
		all: { type: 'boolean', default: false },
		'password-file': { type: 'string' },
		db: { type: 'string', default: '.data/engine.duckdb' },
	},
});

const [command, name, ...extra] = positionals;
if (!['add', 'list', 'remove', 'passwd'].includes(command ?? ''))
	usageError(command ? `Unknown command "${command}".` : 'Name a command.', USAGE);
if (command !== 'list' && !name) usageError(`${command} needs the operator's NAME.`, USAGE);
if (extra.length) usageError(`Unexpected arguments: ${extra.join(' ')}.`, USAGE);
if (values.stores !== undefined && values.all)
	usageError('Give either --stores or --all, not both.', USAGE);
if (command !== 'add' && (values.stores !== undefined || values.all))
	usageError('--stores and --all go with add only.', USAGE);

/** Reads a line from the terminal without showing it. */
function prompt(question) {
	return new Promise((resolve) => {
		const rl = readline.createInterface({
			input: process.stdin,
			output: process.stderr,
			terminal: true,
		});
		process.stderr.write(question);
		// Nothing typed is echoed.
		rl._writeToOutput = () => {};
		rl.question('', (answer) => {
			rl.close();
			process.stderr.write('\n');
			resolve(answer);
		});
	});
}

async function readPassword() {
	if (values['password-file']) {
		const file = path.resolve(values['password-file']);
		if (!fs.existsSync(file)) usageError(`The password file ${file} does not exist.`, USAGE);
		return fs.readFileSync(file, 'utf8').split(/\r?\n/, 1)[0];
	}
	if (process.stdin.isTTY) {
		const first = await prompt(`Password for ${name}: `);
		const again = await prompt('The same password again: ');
		if (first !== again) usageError('The two passwords differ; nothing was changed.', USAGE);
		return first;
	}
	let text = '';
	for await (const chunk of process.stdin) text += chunk;
	return text.split(/\r?\n/, 1)[0];
}

ensureServerBuild();
const build = (file) => pathToFileURL(path.join(root, 'server/build', file)).href;
const { Db } = await import(build('core/db.js'));
const operators = await import(build('engine-auth/operators.js'));

const file = path.resolve(values.db);
if (command !== 'add' && !fs.existsSync(file))
	usageError(`The engine database ${file} does not exist (give --db).`, USAGE);
let db;
try {
	db = await Db.open(file);
} catch (error) {
	console.error(lockedDatabaseMessage(error, values.db) ?? String(error?.message ?? error));
	process.exit(1);
}
try {
	if (command === 'list') {
		const list = await operators.listOperators(db);
		if (list.length === 0) console.log('No operators yet: npm run operator -- add NAME');
		for (const operator of list)
			console.log(
				`${operator.name}\t${operator.stores === null ? 'all stores' : operator.stores.join(', ')}`,
			);
	} else if (command === 'remove') {
		if (!(await operators.removeOperator(db, name))) {
			console.error(`There is no operator named ${name}.`);
			process.exitCode = 1;
		} else console.log(`Removed ${name}.`);
	} else {
		operators.checkOperatorName(name);
		const stores =
			command === 'add' && values.stores !== undefined
				? operators.parseOperatorStores(values.stores.split(','))
				: null;
		const password = operators.checkPassword(await readPassword());
		if (command === 'add') {
			const added = await operators.addOperator(db, { name, password, stores });
			console.log(
				`Added ${added.name} (${added.stores === null ? 'all stores' : `stores ${added.stores.join(', ')}`}). Sign in at /wp-admin/admin.php?page=abacus on the engine.`,
			);
		} else if (!(await operators.setOperatorPassword(db, name, password))) {
			console.error(`There is no operator named ${name}.`);
			process.exitCode = 1;
		} else console.log(`Set the password of ${name}.`);
	}
} catch (error) {
	console.error(error instanceof Error ? error.message : String(error));
	process.exitCode = 1;
} finally {
	db.close();
}
