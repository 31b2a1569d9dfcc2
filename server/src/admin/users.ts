/**
 * The current admin user and per-user meta: `woocommerce_meta` preferences (JSON strings) and the
 * navigation favourites list.
 */
import type { Db } from '../core/db.js';
import { RestError } from '../http/errors.js';

/** Preference keys exposed as `woocommerce_meta` (values are JSON-encoded strings). */
export const USER_META_KEYS = [
	'categories_report_columns',
	'coupons_report_columns',
	'customers_report_columns',
	'orders_report_columns',
	'products_report_columns',
	'revenue_report_columns',
	'taxes_report_columns',
	'variations_report_columns',
	'dashboard_sections',
	'dashboard_chart_type',
	'dashboard_chart_interval',
	'dashboard_leaderboard_rows',
	'activity_panel_inbox_last_read',
	'activity_panel_reviews_last_read',
	'homepage_layout',
	'homepage_stats',
	'task_list_tracked_started_tasks',
	'help_panel_highlight_shown',
	/** The saved report views of the client (list of {id, name, path, query}). */
	'abacus_saved_views',
	/** true when the user hid the notes' markers on the charts. */
	'abacus_annotations_hidden',
] as const;

export type UserMetaKey = (typeof USER_META_KEYS)[number];

export const FAVORITES_KEY = 'navigation_favorites';

export interface AdminUser {
	id: number;
	username: string;
	name: string;
	first_name: string;
	last_name: string;
	email: string;
	locale: string;
	registered: string;
}

export async function currentUser(db: Db): Promise<AdminUser> {
	const row = await db.one<AdminUser & Record<string, string | number>>(
		`SELECT id, username, name, first_name, last_name, email, locale, registered
		 FROM admin_users WHERE is_current ORDER BY id LIMIT 1`,
	);
	if (!row) {
		throw new RestError('rest_not_logged_in', 'You are not currently logged in.', 401);
	}
	return { ...row, id: Number(row.id) };
}

export async function readUserMeta(db: Db, userId: number): Promise<Record<UserMetaKey, string>> {
	const rows = await db.all<{ meta_key: string; meta_value: string }>(
		'SELECT meta_key, meta_value FROM user_meta WHERE user_id = ?',
		[userId],
	);
	const stored = new Map(rows.map((row) => [row.meta_key, row.meta_value]));
	const out = {} as Record<UserMetaKey, string>;
	for (const key of USER_META_KEYS) out[key] = stored.get(key) ?? '';
	return out;
}

export async function writeUserMeta(
	db: Db,
	userId: number,
	key: string,
	value: string,
): Promise<void> {
	await db.run(
		`INSERT INTO user_meta (user_id, meta_key, meta_value) VALUES (?, ?, ?)
		 ON CONFLICT (user_id, meta_key) DO UPDATE SET meta_value = excluded.meta_value`,
		[userId, key, value],
	);
}

/** The user object of `wp/v2/users/me` (edit context) with `woocommerce_meta`. */
export async function userResponse(db: Db, base: string): Promise<Record<string, unknown>> {
	const user = await currentUser(db);
	const meta = await readUserMeta(db, user.id);
	return {
		id: user.id,
		username: user.username,
		name: user.name,
		first_name: user.first_name,
		last_name: user.last_name,
		email: user.email,
		url: '',
		description: '',
		link: `${base}/author/${user.username}/`,
		locale: user.locale,
		nickname: user.username,
		slug: user.username,
		roles: ['administrator'],
		registered_date: `${user.registered.replace(' ', 'T').slice(0, 19)}+00:00`,
		capabilities: {
			administrator: true,
			manage_woocommerce: true,
			view_woocommerce_reports: true,
		},
		extra_capabilities: { administrator: true },
		avatar_urls: {},
		meta: [],
		is_super_admin: true,
		woocommerce_meta: meta,
		_links: {
			self: [{ href: `${base}/wp-json/wp/v2/users/${user.id}` }],
			collection: [{ href: `${base}/wp-json/wp/v2/users` }],
		},
	};
}

export async function readFavorites(db: Db, userId: number): Promise<string[]> {
	const row = await db.one<{ meta_value: string }>(
		'SELECT meta_value FROM user_meta WHERE user_id = ? AND meta_key = ?',
		[userId, FAVORITES_KEY],
	);
	if (!row) return [];
	try {
		const parsed: unknown = JSON.parse(row.meta_value);
		return Array.isArray(parsed) ? parsed.map(String) : [];
	} catch {
		return [];
	}
}
