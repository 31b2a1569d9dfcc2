/**
 * Inside wp-admin, WordPress and WooCommerce send names with HTML entities ("Shirts &amp; Tops",
 * "Men&#8217;s", "United States (US) dollar (&#36;)"). The app renders names as text, never as
 * HTML, so they are decoded once, here at the boundary: an api-fetch middleware decodes the
 * label fields of every JSON answer (report rows, items, settings' choices). The standalone
 * server's names are stored as typed and are left alone.
 */
import { decodeEntities } from '@wordpress/html-entities';

import type { APIFetchMiddleware } from '../base/api-fetch.js';

/** Fields whose string value is a name shown to people. */
const LABEL_KEYS = new Set([
	'name',
	'label',
	'title',
	'product_name',
	'variation_name',
	'category_name',
	'parent_name',
	'option',
	'state_name',
	'country_name',
	'currency_name',
]);

/** Fields holding a map of choices (value → label), e.g. a setting's `options`. */
const CHOICE_KEYS = new Set(['options']);

/** Deeper than any answer the app reads: a bound on the walk. */
const MAX_DEPTH = 12;

const decode = (text: string): string => (text.includes('&') ? decodeEntities(text) : text);

/**
 * `value` with the label fields of every object in it decoded; the same object when nothing
 * changed. Other strings (content, addresses, values) are left as they are.
 */
export function decodeLabels<T>(value: T, depth = 0): T {
	if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) {
		let changed = false;
		const out = value.map((item: unknown) => {
			const next = decodeLabels(item, depth + 1);
			if (next !== item) changed = true;
			return next;
		});
		return (changed ? out : value) as T;
	}
	const source = value as Record<string, unknown>;
	let out: Record<string, unknown> | null = null;
	for (const key of Object.keys(source)) {
		const item = source[key];
		let next: unknown = item;
		if (typeof item === 'string') {
			if (LABEL_KEYS.has(key)) next = decode(item);
		} else if (
			CHOICE_KEYS.has(key) &&
			item !== null &&
			typeof item === 'object' &&
			!Array.isArray(item)
		) {
			const choices = item as Record<string, unknown>;
			let choicesOut: Record<string, unknown> | null = null;
			for (const choice of Object.keys(choices)) {
				const label = choices[choice];
				const decoded =
					typeof label === 'string' ? decode(label) : decodeLabels(label, depth + 2);
				if (decoded !== label) {
					choicesOut ??= { ...choices };
					choicesOut[choice] = decoded;
				}
			}
			next = choicesOut ?? item;
		} else {
			next = decodeLabels(item, depth + 1);
		}
		if (next !== item) {
			out ??= { ...source };
			out[key] = next;
		}
	}
	return (out ?? value) as T;
}

/** An answer read with `parse: false`: a Response (or a stand-in with the same readers). */
interface Unparsed {
	json: () => Promise<unknown>;
	text?: () => Promise<string>;
}

const isUnparsed = (value: unknown): value is Unparsed =>
	value !== null &&
	typeof value === 'object' &&
	typeof (value as { json?: unknown }).json === 'function' &&
	typeof (value as { headers?: unknown }).headers === 'object';

/** JSON text with its labels decoded; other text as it is. */
function decodeText(text: string): string {
	if (!text.includes('&')) return text;
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		return text;
	}
	const decoded = decodeLabels(body);
	return decoded === body ? text : JSON.stringify(decoded);
}

/**
 * Decodes the label fields of JSON answers; an answer read with `parse: false` (a Response) has
 * its `json()` and `text()` decode them when read.
 */
export function createLabelDecodingMiddleware(): APIFetchMiddleware {
	return (options, next) =>
		next(options).then((result: unknown) => {
			if (isUnparsed(result)) {
				const readJson = result.json.bind(result);
				result.json = async () => decodeLabels(await readJson());
				if (typeof result.text === 'function') {
					const readText = result.text.bind(result);
					result.text = async () => decodeText(await readText());
				}
				return result;
			}
			return decodeLabels(result);
		});
}
