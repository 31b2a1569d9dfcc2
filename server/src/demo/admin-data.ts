/**
 * Deterministic demo data for the admin tables: inbox notes with actions, product reviews for the
 * store's products, the admin user, payment gateways and the plugin catalogue.
 */
import type { Db, SqlValue } from '../core/db.js';
import { ADMIN_TABLES } from '../db/admin-schema.js';
import { insertGateway } from '../db/gateways.js';
import { formatSql } from '../db/store-time.js';
import { GATEWAY_SEED } from './gateways.js';
import { PLUGIN_CATALOGUE } from './plugin-catalogue.js';
import { mulberry32 } from './random.js';

/** `YYYY-MM-DD HH:MM:SS` of a Date in UTC. */
const sqlDateUtc = (date: Date): string => formatSql(date.getTime());

interface NoteSeed {
	name: string;
	type: 'info' | 'marketing' | 'survey' | 'warning';
	title: string;
	content: string;
	layout: 'plain' | 'banner' | 'thumbnail';
	image: string | null;
	status: 'unactioned' | 'actioned';
	daysAgo: number;
	actions: Array<{
		name: string;
		label: string;
		query: string;
		status: string;
		primary: boolean;
	}>;
}

const NOTES: NoteSeed[] = [
	{
		name: 'abacus-welcome',
		type: 'info',
		title: 'Welcome to your store analytics',
		content:
			'Revenue, orders, products and customers are summarised in <strong>Analytics</strong>. Pick a date range to compare periods.',
		layout: 'plain',
		image: null,
		status: 'unactioned',
		daysAgo: 30,
		actions: [
			{
				name: 'open-analytics',
				label: 'Open analytics',
				query: '?page=abacus&path=/analytics/overview',
				status: 'actioned',
				primary: true,
			},
		],
	},
	{
		name: 'abacus-marketing-email',
		type: 'marketing',
		title: 'Grow your audience with e-mail',
		content: 'Send a newsletter to customers who have not ordered in 90 days.',
		layout: 'thumbnail',
		image: 'https://example.com/images/email.png',
		status: 'unactioned',
		daysAgo: 12,
		actions: [
			{
				name: 'learn-more',
				label: 'Learn more',
				query: 'https://example.com/email-marketing',
				status: 'actioned',
				primary: true,
			},
		],
	},
	{
		name: 'abacus-survey',
		type: 'survey',
		title: 'How are the reports working for you?',
		content: 'Tell us in two minutes what you would like to see next.',
		layout: 'plain',
		image: null,
		status: 'unactioned',
		daysAgo: 6,
		actions: [
			{
				name: 'share-feedback',
				label: 'Share feedback',
				query: 'https://example.com/survey',
				status: 'actioned',
				primary: false,
			},
		],
	},
	{
		name: 'abacus-low-stock-warning',
		type: 'warning',
		title: 'Some products are running low',
		content:
			'Several products are at or below their low-stock threshold. Review stock to avoid missed sales.',
		layout: 'plain',
		image: null,
		status: 'unactioned',
		daysAgo: 2,
		actions: [
			{
				name: 'view-stock',
				label: 'View stock',
				query: '?page=abacus&path=/analytics/stock',
				status: 'actioned',
				primary: true,
			},
			{ name: 'dismiss', label: 'Dismiss', query: '', status: 'actioned', primary: false },
		],
	},
	{
		name: 'abacus-historical-data',
		type: 'info',
		title: 'Import your historical data',
		content:
			'Analytics include orders placed before the store was connected once the import finishes.',
		layout: 'plain',
		image: null,
		status: 'actioned',
		daysAgo: 45,
		actions: [
			{
				name: 'open-settings',
				label: 'Open settings',
				query: '?page=abacus&path=/analytics/settings',
				status: 'actioned',
				primary: true,
			},
		],
	},
	{
		name: 'abacus-mobile-app',
		type: 'marketing',
		title: 'Your store in your pocket',
		content: 'Follow sales as they happen with the mobile app.',
		layout: 'banner',
		image: 'https://example.com/images/mobile.png',
		status: 'unactioned',
		daysAgo: 20,
		actions: [
			{
				name: 'get-app',
				label: 'Get the app',
				query: 'https://example.com/mobile',
				status: 'actioned',
				primary: true,
			},
		],
	},
];

const REVIEWERS = [
	['Ada Lovelace', 'ada@example.com'],
	['Grace Hopper', 'grace@example.com'],
	['Alan Turing', 'alan@example.com'],
	['Katherine Johnson', 'katherine@example.com'],
	['Linus Pauling', 'linus@example.com'],
	['Marie Curie', 'marie@example.com'],
	['Niels Bohr', 'niels@example.com'],
	['Rosalind Franklin', 'rosalind@example.com'],
] as const;

const REVIEW_TEXTS = [
	'<p>Exactly as described, arrived quickly.</p>',
	'<p>Good quality for the price.</p>',
	'<p>Not what I expected, the colour is different.</p>',
	'<p>Great! Bought a second one for a friend.</p>',
	'<p>Does the job.</p>',
	'<p>Broke after a week.</p>',
	'<p>Buy cheap watches at http://spam.example</p>',
];

/** Ids of reviewable products (not variations) of the store, when its products table exists. */
async function reviewableProductIds(db: Db): Promise<number[]> {
	const columns = await db.all<{ column_name: string }>(
		`SELECT column_name FROM information_schema.columns WHERE table_name = 'products'`,
	);
	if (columns.length === 0) return [];
	const names = new Set(columns.map((c) => c.column_name));
	if (!names.has('id')) return [];
	const where = names.has('type') ? `WHERE type <> 'variation'` : '';
	const rows = await db.all<{ id: number }>(
		`SELECT id FROM products ${where} ORDER BY id LIMIT 60`,
	);
	return rows.map((r) => Number(r.id));
}

/**
 * "Now" of the demo data: the newest order of the store when there is one (so that the same
 * store and seed give the same notes and reviews), else the current time.
 */
async function anchorTime(db: Db): Promise<number> {
	const table = await db.one<{ n: number }>(
		`SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'orders'`,
	);
	if (!table || Number(table.n) === 0) return Date.now();
	const row = await db.one<{ latest: string | null }>(
		'SELECT max(date_created_gmt) AS latest FROM orders',
	);
	if (!row?.latest) return Date.now();
	const ms = Date.parse(`${String(row.latest).replace(' ', 'T').slice(0, 19)}Z`);
	return Number.isNaN(ms) ? Date.now() : ms;
}

/** Replaces the admin tables' content with the demo data of `seed` (one transaction). */
export async function seedAdminData(db: Db, seed: number): Promise<void> {
	const random = mulberry32(seed ^ 0x5eed);
	const now = await anchorTime(db);
	await db.transaction(async () => {
		for (const table of ADMIN_TABLES) await db.run(`DELETE FROM ${table}`);
		await db.run(
			`INSERT INTO admin_users (id, username, name, first_name, last_name, email, locale, registered, is_current)
			 VALUES (1, 'admin', 'Store Admin', 'Store', 'Admin', 'admin@example.com', 'en_US', ?, true)`,
			[sqlDateUtc(new Date(now - 400 * 86400000))],
		);

		let actionId = 0;
		let reviewId = 0;
		for (const [index, note] of NOTES.entries()) {
			const noteId = index + 1;
			const created = new Date(
				now - note.daysAgo * 86400000 - Math.floor(random() * 3600000),
			);
			await db.run(
				`INSERT INTO admin_notes (note_id, name, type, title, content, content_data, status, source,
					date_created, date_created_gmt, is_snoozable, layout, image, is_read)
				 VALUES (?, ?, ?, ?, ?, '{}', ?, 'abacus', ?, ?, ?, ?, ?, ?)`,
				[
					noteId,
					note.name,
					note.type,
					note.title,
					note.content,
					note.status,
					sqlDateUtc(created),
					sqlDateUtc(created),
					note.type === 'warning',
					note.layout,
					note.image,
					note.status === 'actioned',
				],
			);
			for (const action of note.actions) {
				actionId += 1;
				await db.run(
					`INSERT INTO admin_note_actions (action_id, note_id, name, label, query, status, is_primary,
						actioned_text) VALUES (?, ?, ?, ?, ?, ?, ?, '')`,
					[
						actionId,
						noteId,
						action.name,
						action.label,
						action.query,
						action.status,
						action.primary,
					],
				);
			}
		}

		const productIds = await reviewableProductIds(db);
		for (const productId of productIds) {
			const count = Math.floor(random() * 4);
			for (let i = 0; i < count; i++) {
				const [reviewer, email] = REVIEWERS[Math.floor(random() * REVIEWERS.length)];
				const textIndex = Math.floor(random() * REVIEW_TEXTS.length);
				const spam = textIndex === REVIEW_TEXTS.length - 1;
				const status = spam ? 'spam' : random() < 0.25 ? 'hold' : 'approved';
				const created = new Date(now - Math.floor(random() * 120 * 86400000));
				reviewId += 1;
				const values: SqlValue[] = [
					reviewId,
					productId,
					sqlDateUtc(created),
					sqlDateUtc(created),
					status,
					reviewer,
					email,
					REVIEW_TEXTS[textIndex],
					spam ? 5 : 1 + Math.floor(random() * 5),
					random() < 0.6,
				];
				await db.run(
					`INSERT INTO product_reviews (id, product_id, date_created, date_created_gmt, status, reviewer,
						reviewer_email, review, rating, verified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
					values,
				);
			}
		}

		if (productIds.length > 0) {
			await db.run(
				`UPDATE products SET rating_count = coalesce(r.n, 0), average_rating = coalesce(r.avg, 0)
				 FROM (SELECT p.id, count(pr.id) AS n, round(avg(pr.rating), 2) AS avg FROM products p
					LEFT JOIN product_reviews pr ON pr.product_id = p.id AND pr.status = 'approved'
					GROUP BY p.id) r WHERE r.id = products.id`,
			);
		}

		for (const gateway of GATEWAY_SEED) await insertGateway(db, gateway, gateway.order);

		for (const plugin of PLUGIN_CATALOGUE) {
			await db.run(
				'INSERT INTO plugins (slug, name, installed, active) VALUES (?, ?, ?, ?)',
				[plugin.slug, plugin.name, plugin.installed, plugin.active],
			);
		}
	});
}
