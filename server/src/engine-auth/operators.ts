/**
 * The engine's operators: the people who may sign in on the engine's own admin page. Each has a
 * name, a password kept as a salted scrypt hash (`node:crypto`, parameters stored with it) and the
 * stores it may read: all of them, or a list of store ids (the cluster's numeric ids) or store
 * addresses. Kept in the engine's DuckDB database (`abacus_operators`); managed with
 * `npm run operator` (`scripts/operator.js`).
 */
import crypto from 'node:crypto';

import type { Db } from '../core/db.js';
import { removeOperatorMeta } from '../db/operator-meta.js';
import { normaliseStoreId } from './token.js';

/** An operator as listed (never its password hash). */
export interface Operator {
	name: string;
	/** The stores it may read: null for all, else store ids or normalised store addresses. */
	stores: string[] | null;
}

/** Names: a letter or digit, then letters, digits, `.`, `_`, `@` or `-`; at most 64. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
/** Shortest password accepted (characters). */
export const MIN_PASSWORD_LENGTH = 12;
/** Longest password accepted (characters): bounded hashing work. */
export const MAX_PASSWORD_LENGTH = 1024;

/** scrypt cost: N = 2^15, r = 8, p = 1 (32 MiB, a few tens of ms per attempt). */
const SCRYPT = { N: 32768, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_MEMORY = 128 * 1024 * 1024;

export async function createOperatorSchema(db: Db): Promise<void> {
	await db.exec(`CREATE TABLE IF NOT EXISTS abacus_operators (
		name VARCHAR PRIMARY KEY,
		password_hash VARCHAR NOT NULL,
		stores VARCHAR,
		created_at TIMESTAMP DEFAULT current_timestamp
	)`);
}

/** Throws a message saying what is wrong with a name. */
export function checkOperatorName(name: string): string {
	if (!NAME.test(name)) {
		throw new Error(
			`The operator name ${JSON.stringify(name.slice(0, 80))} is not valid: use 1 to 64 letters, digits, ".", "_", "@" or "-", starting with a letter or digit.`,
		);
	}
	return name;
}

/** Throws a message saying what is wrong with a password. */
export function checkPassword(password: string): string {
	if (password.length < MIN_PASSWORD_LENGTH) {
		throw new Error(
			`The password is too short: use at least ${MIN_PASSWORD_LENGTH} characters.`,
		);
	}
	if (password.length > MAX_PASSWORD_LENGTH) {
		throw new Error(`The password is too long: use at most ${MAX_PASSWORD_LENGTH} characters.`);
	}
	return password;
}

/**
 * The stores an operator may read, from `--stores` entries: store ids (whole numbers) or store
 * addresses (normalised); throws naming a bad entry.
 */
export function parseOperatorStores(entries: readonly string[]): string[] {
	const out = new Set<string>();
	for (const raw of entries) {
		const entry = raw.trim();
		if (entry === '') continue;
		if (/^[1-9]\d{0,9}$/.test(entry)) {
			out.add(entry);
			continue;
		}
		const id = normaliseStoreId(entry);
		if (id === null) {
			throw new Error(
				`The store ${JSON.stringify(entry.slice(0, 200))} is neither a store id (a whole number) nor a store address (https://shop.example).`,
			);
		}
		out.add(id);
	}
	if (out.size === 0) throw new Error('Name at least one store (--stores 1,2), or give --all.');
	return [...out];
}

function scrypt(password: string, salt: Buffer, params: typeof SCRYPT): Promise<Buffer> {
	return new Promise((resolve, reject) =>
		crypto.scrypt(
			password.normalize('NFC'),
			salt,
			KEY_LENGTH,
			{ ...params, maxmem: MAX_MEMORY },
			(error, key) => (error ? reject(error) : resolve(key)),
		),
	);
}

/** `scrypt$N$r$p$salt$key` (base64url), for a new password. */
export async function hashPassword(password: string): Promise<string> {
	const salt = crypto.randomBytes(16);
	const key = await scrypt(password, salt, SCRYPT);
	return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` matches a stored hash (constant-time comparison). */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
	const parts = stored.split('$');
	if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
	const [N, r, p] = parts.slice(1, 4).map(Number);
	if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || N > 1 << 20) return false;
	const expected = Buffer.from(parts[5], 'base64url');
	if (expected.length !== KEY_LENGTH) return false;
	const key = await scrypt(password, Buffer.from(parts[4], 'base64url'), { N, r, p });
	return crypto.timingSafeEqual(key, expected);
}

/** Work done for an unknown name, so that its answer takes as long as a wrong password's. */
let dummyHash: Promise<string> | null = null;

function rowToOperator(row: { name: string; stores: string | null }): Operator {
	let stores: string[] | null = null;
	if (row.stores !== null) {
		const parsed = JSON.parse(row.stores) as unknown;
		stores = Array.isArray(parsed)
			? parsed.filter((s): s is string => typeof s === 'string')
			: [];
	}
	return { name: row.name, stores };
}

/**
 * Adds an operator (throws when the name is taken or the name, password or stores are not
 * valid). `stores`: null for every store the engine serves, else ids or store addresses.
 */
export async function addOperator(
	db: Db,
	operator: { name: string; password: string; stores: readonly string[] | null },
): Promise<Operator> {
	await createOperatorSchema(db);
	const name = checkOperatorName(operator.name);
	checkPassword(operator.password);
	const stores = operator.stores === null ? null : parseOperatorStores(operator.stores);
	const existing = await db.one('SELECT name FROM abacus_operators WHERE name = ?', [name]);
	if (existing) throw new Error(`An operator named ${name} exists already.`);
	await db.run('INSERT INTO abacus_operators (name, password_hash, stores) VALUES (?, ?, ?)', [
		name,
		await hashPassword(operator.password),
		stores === null ? null : JSON.stringify(stores),
	]);
	return { name, stores };
}

export async function listOperators(db: Db): Promise<Operator[]> {
	await createOperatorSchema(db);
	const rows = await db.all<{ name: string; stores: string | null }>(
		'SELECT name, stores FROM abacus_operators ORDER BY name',
	);
	return rows.map(rowToOperator);
}

/** Removes an operator; false when there is none of that name. */
export async function removeOperator(db: Db, name: string): Promise<boolean> {
	await createOperatorSchema(db);
	const existing = await db.one('SELECT name FROM abacus_operators WHERE name = ?', [name]);
	if (!existing) return false;
	// Its preferences go with it: an operator added later under the name starts with none.
	await db.transaction(async () => {
		await db.run('DELETE FROM abacus_operators WHERE name = ?', [name]);
		await removeOperatorMeta(db, name);
	});
	return true;
}

/** Sets an operator's password; false when there is none of that name. */
export async function setOperatorPassword(
	db: Db,
	name: string,
	password: string,
): Promise<boolean> {
	await createOperatorSchema(db);
	checkPassword(password);
	const existing = await db.one('SELECT name FROM abacus_operators WHERE name = ?', [name]);
	if (!existing) return false;
	await db.run('UPDATE abacus_operators SET password_hash = ? WHERE name = ?', [
		await hashPassword(password),
		name,
	]);
	return true;
}

/** Whether the database holds any operator. */
export async function hasOperators(db: Db): Promise<boolean> {
	await createOperatorSchema(db);
	return (await db.one('SELECT name FROM abacus_operators LIMIT 1')) !== undefined;
}

/**
 * The operator whose name and password these are, or null (an unknown name costs the same
 * hashing work as a wrong password).
 */
export async function verifyOperator(
	db: Db,
	name: string,
	password: string,
): Promise<Operator | null> {
	if (password.length > MAX_PASSWORD_LENGTH || !NAME.test(name)) return null;
	await createOperatorSchema(db);
	const row = await db.one<{ name: string; password_hash: string; stores: string | null }>(
		'SELECT name, password_hash, stores FROM abacus_operators WHERE name = ?',
		[name],
	);
	if (!row) {
		dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
		await passwordMatches(password, await dummyHash);
		return null;
	}
	return (await passwordMatches(password, row.password_hash)) ? rowToOperator(row) : null;
}

/** Whether an operator may read a store (its cluster id and address). */
export function operatorMayRead(
	operator: Pick<Operator, 'stores'>,
	store: { id: number; url: string },
): boolean {
	if (operator.stores === null) return true;
	const url = normaliseStoreId(store.url);
	return operator.stores.some((entry) => entry === String(store.id) || entry === url);
}
