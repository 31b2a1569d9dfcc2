/**
 * Saved views: pure helpers. A saved view is a report address (path and query) under a name,
 * kept in the current user's preference `abacus_saved_views` as a JSON list.
 */
import { getLinkHref, getNewPath } from '@abacus/navigation';

/** The user preference (woocommerce_meta key) holding the saved views. */
export const SAVED_VIEWS_PREFERENCE = 'abacus_saved_views';

/** Longest name accepted for a view. */
export const MAX_NAME_LENGTH = 80;

export type ViewQueryValue = string | ViewQueryValue[] | { [key: string]: ViewQueryValue };

export interface SavedView {
	id: string;
	name: string;
	/** The report's path, e.g. `/analytics/orders`. */
	path: string;
	/** The report's filters and relative date range (no paging, no absolute dates unless custom). */
	query: Record<string, ViewQueryValue>;
}

/** Keys never kept in a view: the address' own keys and paging. */
const DROPPED_KEYS = new Set(['page', 'path', 'paged', 'per_page']);
/** Absolute dates, kept only when the period is custom. */
const DATE_KEYS = new Set(['after', 'before']);

function toQueryValue(value: unknown): ViewQueryValue | undefined {
	if (typeof value === 'string') {
		return value;
	}
	if (typeof value === 'number' && Number.isFinite(value)) {
		return String(value);
	}
	if (Array.isArray(value)) {
		return value.map(toQueryValue).filter((item): item is ViewQueryValue => item !== undefined);
	}
	if (value !== null && typeof value === 'object') {
		const out: Record<string, ViewQueryValue> = {};
		for (const [key, item] of Object.entries(value)) {
			const clean = toQueryValue(item);
			if (clean !== undefined) {
				out[key] = clean;
			}
		}
		return out;
	}
	return undefined;
}

/**
 * The part of a report query a view keeps: its filters, sorting and chart choices, and the
 * relative date range (period and compare). Paging is dropped, and so are `after` and `before`
 * unless the period is custom (a view of 'last month' stays last month when opened later).
 */
export function viewQuery(query: Record<string, unknown>): Record<string, ViewQueryValue> {
	const isCustom = query.period === 'custom';
	const out: Record<string, ViewQueryValue> = {};
	for (const [key, value] of Object.entries(query)) {
		if (DROPPED_KEYS.has(key) || (DATE_KEYS.has(key) && !isCustom) || key === '') {
			continue;
		}
		const clean = toQueryValue(value);
		if (clean !== undefined && clean !== '') {
			out[key] = clean;
		}
	}
	return out;
}

function isSavedView(value: unknown): value is SavedView {
	if (value === null || typeof value !== 'object') {
		return false;
	}
	const view = value as Record<string, unknown>;
	return (
		typeof view.id === 'string' &&
		view.id !== '' &&
		typeof view.name === 'string' &&
		view.name.trim() !== '' &&
		typeof view.path === 'string' &&
		view.path.startsWith('/') &&
		view.query !== null &&
		typeof view.query === 'object' &&
		!Array.isArray(view.query)
	);
}

/**
 * The saved views of a decoded preference value: anything malformed is left out, and so is a
 * second view with an id already seen (ids must stay unique, a delete removes one view).
 */
export function parseSavedViews(value: unknown): SavedView[] {
	if (!Array.isArray(value)) {
		return [];
	}
	const seen = new Set<string>();
	const views: SavedView[] = [];
	for (const item of value) {
		if (!isSavedView(item) || seen.has(item.id)) {
			continue;
		}
		seen.add(item.id);
		views.push({
			id: item.id,
			name: tidyName(item.name),
			path: item.path,
			query: viewQuery(item.query),
		});
	}
	return views;
}

/** A name as saved: trimmed, runs of spaces collapsed to one. */
export function tidyName(name: string): string {
	return name.trim().replace(/\s+/g, ' ');
}

/** A name as compared for duplicates: trimmed, spaces collapsed, case ignored. */
export function normalizeName(name: string): string {
	return tidyName(name).toLocaleLowerCase();
}

/** The view already saved under `name` (compared without case and extra spaces). */
export function findViewByName(views: SavedView[], name: string): SavedView | undefined {
	const wanted = normalizeName(name);
	return views.find((view) => normalizeName(view.name) === wanted);
}

/** A new id, unique among `views`. */
export function newViewId(views: SavedView[], now: number = Date.now()): string {
	let id = `view-${now.toString(36)}`;
	let counter = 1;
	while (views.some((view) => view.id === id)) {
		id = `view-${now.toString(36)}-${counter++}`;
	}
	return id;
}

/**
 * The list with `view` saved: a view of the same name is replaced in place (keeping its id),
 * otherwise the view is added at the end.
 */
export function withView(views: SavedView[], view: SavedView): SavedView[] {
	const existing = findViewByName(views, view.name);
	if (existing) {
		return views.map((item) => (item === existing ? { ...view, id: existing.id } : item));
	}
	return [...views, view];
}

/** The list without the view `id`. */
export function withoutView(views: SavedView[], id: string): SavedView[] {
	return views.filter((view) => view.id !== id);
}

function canonical(value: ViewQueryValue): string {
	if (typeof value === 'string') {
		return JSON.stringify(value);
	}
	if (Array.isArray(value)) {
		return `[${value.map(canonical).join(',')}]`;
	}
	return `{${Object.keys(value)
		.sort()
		.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
		.join(',')}}`;
}

/**
 * Whether a page (path and query as read from the address) shows `view`: same report, same
 * view query, whatever the order of the address' parameters.
 */
export function isSameView(
	view: Pick<SavedView, 'path' | 'query'>,
	page: { path: string; query: Record<string, unknown> },
): boolean {
	return (
		view.path === page.path &&
		canonical(viewQuery(view.query)) === canonical(viewQuery(page.query))
	);
}

/** The in-app address of a view (`admin.php?page=abacus&path=…&…`). */
export function viewPath(view: Pick<SavedView, 'path' | 'query'>): string {
	return getNewPath(view.query, view.path, {}, 'abacus');
}

/** The full, shareable address of a view. */
export function viewAddress(
	view: Pick<SavedView, 'path' | 'query'>,
	base: string = typeof window !== 'undefined' ? window.location.href : 'http://localhost/',
): string {
	return new URL(getLinkHref(viewPath(view), 'wc-admin'), base).href;
}
