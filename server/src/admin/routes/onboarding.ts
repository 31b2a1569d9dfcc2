/**
 * Onboarding (`wc-admin/onboarding/…`): profile, tasks status (≤ v2.8 clients), task lists with
 * hide/dismiss/snooze/action state (v2.9+ clients), payment suggestions, and products created from
 * a template.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Db } from '../../core/db.js';
import { RestError } from '../../http/errors.js';
import { currentUser } from '../users.js';
import { getOption, writeOption } from '../../db/options.js';
import { EDITABLE } from '../../http/params.js';
import { activeSlugs } from './plugins.js';

const PROFILE_OPTION = 'woocommerce_onboarding_profile';

const PROFILE_PROPERTIES = {
	completed: { type: 'boolean' },
	skipped: { type: 'boolean' },
	industry: {
		type: 'array',
		items: {
			type: 'object',
			required: ['slug'],
			properties: { slug: { type: 'string' }, detail: { type: 'string' } },
		},
	},
	product_types: {
		type: 'array',
		items: {
			type: 'string',
			enum: [
				'physical',
				'downloads',
				'subscriptions',
				'memberships',
				'bookings',
				'product-bundles',
				'product-add-ons',
			],
		},
	},
	product_count: { type: 'string', enum: ['0', '1-10', '11-100', '101-1000', '1000+'] },
	selling_venues: {
		type: 'string',
		enum: ['no', 'other', 'brick-mortar', 'brick-mortar-other', 'other-woocommerce'],
	},
	number_employees: {
		type: 'string',
		enum: ['1', '<10', '10-50', '50-250', '+250', 'not specified'],
	},
	revenue: {
		type: 'string',
		enum: [
			'none',
			'up-to-2500',
			'2500-10000',
			'10000-50000',
			'50000-250000',
			'more-than-250000',
			'rather-not-say',
		],
	},
	other_platform: {
		type: 'string',
		enum: [
			'shopify',
			'bigcommerce',
			'magento',
			'wix',
			'amazon',
			'ebay',
			'etsy',
			'squarespace',
			'other',
		],
	},
	other_platform_name: { type: 'string' },
	business_extensions: {
		type: 'array',
		items: {
			type: 'string',
			enum: [
				'jetpack',
				'woocommerce-services',
				'woocommerce-payments',
				'mailchimp-for-woocommerce',
				'creative-mail-by-constant-contact',
				'facebook-for-woocommerce',
				'google-listings-and-ads',
				'mailpoet',
			],
		},
	},
	theme: { type: 'string' },
	setup_client: { type: 'boolean' },
	is_agree_marketing: { type: 'boolean' },
	store_email: { type: 'string', format: 'email' },
} as const;

const PROFILE_KEYS = [...Object.keys(PROFILE_PROPERTIES), 'wccom_connected'];

interface TaskDefinition {
	id: string;
	title: string;
	content: string;
	actionLabel: string;
	actionUrl: string | null;
	time: string;
	level: number;
	isComplete: (facts: StoreFacts) => boolean;
}

interface StoreFacts {
	hasProducts: boolean;
	hasPhysicalProducts: boolean;
	enabledPaymentGateways: string[];
	storeAddressSet: boolean;
	taxComplete: boolean;
	appearanceComplete: boolean;
	marketingActive: boolean;
}

const SETUP_TASKS: TaskDefinition[] = [
	{
		id: 'store_details',
		title: 'Store details',
		content:
			'Your store address is required to set the origin country for shipping, currencies, and payment options.',
		actionLabel: 'Add details',
		actionUrl: null,
		time: '4 minutes',
		level: 3,
		isComplete: (f) => f.storeAddressSet,
	},
	{
		id: 'products',
		title: 'Add my products',
		content: 'Start by adding the first product to your store.',
		actionLabel: 'Add products',
		actionUrl: null,
		time: '1 minute per product',
		level: 2,
		isComplete: (f) => f.hasProducts,
	},
	{
		id: 'payments',
		title: 'Set up payments',
		content: 'Choose payment providers and enable payment methods at checkout.',
		actionLabel: 'Set up payments',
		actionUrl: null,
		time: '2 minutes',
		level: 1,
		isComplete: (f) => f.enabledPaymentGateways.length > 0,
	},
	{
		id: 'tax',
		title: 'Set up tax',
		content: 'Set your store location and configure tax rate settings.',
		actionLabel: "Let's go",
		actionUrl: null,
		time: '1 minute',
		level: 3,
		isComplete: (f) => f.taxComplete,
	},
	{
		id: 'marketing',
		title: 'Set up marketing tools',
		content: 'Add recommended marketing tools to reach new customers and grow your business.',
		actionLabel: 'Set up marketing',
		actionUrl: null,
		time: '1 minute',
		level: 3,
		isComplete: (f) => f.marketingActive,
	},
	{
		id: 'appearance',
		title: 'Personalize my store',
		content: 'Add your logo, create a homepage, and start designing your store.',
		actionLabel: "Let's go",
		actionUrl: null,
		time: '2 minutes',
		level: 3,
		isComplete: (f) => f.appearanceComplete,
	},
];

const PAYMENT_SUGGESTIONS = [
	{
		id: 'woocommerce_payments',
		title: 'Payments',
		content: 'Manage transactions without leaving your dashboard.',
		image: 'https://example.com/images/payments.svg',
		plugins: ['woocommerce-payments'],
		is_visible: true,
		recommendation_priority: 1,
	},
	{
		id: 'stripe',
		title: 'Stripe',
		content: 'Accept debit and credit cards in 135+ currencies.',
		image: 'https://example.com/images/stripe.png',
		plugins: ['woocommerce-gateway-stripe'],
		is_visible: true,
		recommendation_priority: 2,
	},
	{
		id: 'paypal',
		title: 'PayPal Payments',
		content:
			'Safe and secure payments using credit cards or your customer\u2019s PayPal account.',
		image: 'https://example.com/images/paypal.png',
		plugins: ['woocommerce-paypal-payments'],
		is_visible: true,
		category_other: ['US', 'CA', 'GB', 'DE', 'FR'],
	},
	{
		id: 'square',
		title: 'Square',
		content: 'Securely accept credit and debit cards with one low rate, no surprise fees.',
		image: 'https://example.com/images/square.png',
		plugins: ['woocommerce-square'],
		is_visible: true,
		category_additional: ['US', 'CA', 'AU', 'GB'],
	},
	{
		id: 'klarna_payments',
		title: 'Klarna Payments',
		content: 'Choose the payment that you want, pay now, pay later or slice it.',
		image: 'https://example.com/images/klarna.png',
		plugins: ['klarna-payments-for-woocommerce'],
		is_visible: true,
		category_additional: ['SE', 'NO', 'FI', 'DK', 'DE', 'AT', 'NL'],
	},
];

const TEMPLATES: Record<
	string,
	{
		name: string;
		type: 'simple' | 'variable';
		virtual: boolean;
		downloadable: boolean;
		price: number;
	}
> = {
	physical: {
		name: 'Physical product',
		type: 'simple',
		virtual: false,
		downloadable: false,
		price: 25,
	},
	digital: {
		name: 'Digital product',
		type: 'simple',
		virtual: true,
		downloadable: true,
		price: 10,
	},
	variable: {
		name: 'Variable product',
		type: 'variable',
		virtual: false,
		downloadable: false,
		price: 30,
	},
};

async function readProfile(db: Db): Promise<Record<string, unknown>> {
	const stored = await getOption<unknown>(db, PROFILE_OPTION, {});
	const profile =
		typeof stored === 'object' && stored !== null && !Array.isArray(stored)
			? (stored as Record<string, unknown>)
			: {};
	const out: Record<string, unknown> = {};
	for (const key of PROFILE_KEYS) out[key] = profile[key] ?? null;
	out.wccom_connected = false;
	return out;
}

async function storeFacts(db: Db): Promise<StoreFacts> {
	const products = await db.one<{ n: number; physical: number }>(
		"SELECT count(*) AS n, count(*) FILTER (WHERE NOT virtual) AS physical FROM products WHERE type <> 'variation' AND status <> 'auto-draft'",
	);
	const gateways = await db.all<{ id: string }>(
		'SELECT id FROM payment_gateways WHERE enabled ORDER BY id',
	);
	const address = await getOption<unknown>(db, 'woocommerce_store_address', '');
	const calcTaxes = await getOption<unknown>(db, 'woocommerce_calc_taxes', 'no');
	const active = await activeSlugs(db);
	return {
		hasProducts: Number(products?.n ?? 0) > 0,
		hasPhysicalProducts: Number(products?.physical ?? 0) > 0,
		enabledPaymentGateways: gateways.map((g) => g.id),
		storeAddressSet: typeof address === 'string' && address !== '',
		taxComplete:
			calcTaxes === 'yes' ||
			(await getOption<unknown>(db, 'woocommerce_task_list_tax_complete', false)) === true,
		appearanceComplete:
			(await getOption<unknown>(db, 'woocommerce_task_list_appearance_complete', false)) ===
			true,
		marketingActive: [
			'mailchimp-for-woocommerce',
			'mailpoet',
			'creative-mail-by-constant-contact',
		].some((s) => active.includes(s)),
	};
}

async function taskLists(db: Db): Promise<Array<Record<string, unknown>>> {
	const facts = await storeFacts(db);
	const states = new Map(
		(
			await db.all<{
				task_id: string;
				is_dismissed: boolean;
				is_actioned: boolean;
				snoozed_until: number | null;
			}>('SELECT * FROM onboarding_task_state')
		).map((s) => [s.task_id, s]),
	);
	const hidden = new Set(
		(
			await db.all<{ list_id: string }>(
				'SELECT list_id FROM onboarding_task_lists WHERE is_hidden',
			)
		).map((l) => l.list_id),
	);
	const now = Date.now();
	const tasks = SETUP_TASKS.map((task) => {
		const state = states.get(task.id);
		const snoozedUntil =
			state?.snoozed_until === null || state?.snoozed_until === undefined
				? null
				: Number(state.snoozed_until);
		return {
			id: task.id,
			parentId: 'setup',
			title: task.title,
			canView: true,
			content: task.content,
			additionalInfo: '',
			actionLabel: task.actionLabel,
			actionUrl: task.actionUrl,
			isComplete: task.isComplete(facts),
			time: task.time,
			level: task.level,
			isActioned: Boolean(state?.is_actioned),
			isDismissed: Boolean(state?.is_dismissed),
			isDismissable: task.id === 'marketing' || task.id === 'appearance',
			isSnoozed: snoozedUntil !== null && snoozedUntil > now,
			isSnoozeable: task.level < 3,
			snoozedUntil,
			additionalData: {},
		};
	});
	return [
		{
			id: 'setup',
			title: 'Get ready to start selling',
			isHidden: hidden.has('setup'),
			isVisible: !hidden.has('setup'),
			isComplete: tasks.every((t) => t.isComplete || t.isDismissed),
			tasks,
		},
	];
}

function taskNotFound(): RestError {
	return new RestError('woocommerce_rest_invalid_task', 'Sorry, that task was not found.', 404);
}

export async function registerOnboardingRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const root = '/wc-admin/onboarding';

	app.get(`${root}/profile`, async () => readProfile(ctx.db));

	app.route({
		method: [...EDITABLE],
		url: `${root}/profile`,
		schema: { body: { type: 'object', properties: PROFILE_PROPERTIES } },
		handler: async (request) => {
			const body = request.body as Record<string, unknown>;
			const current = await getOption<Record<string, unknown>>(ctx.db, PROFILE_OPTION, {});
			const next = { ...(typeof current === 'object' && current !== null ? current : {}) };
			for (const key of Object.keys(PROFILE_PROPERTIES)) {
				if (key in body) next[key] = body[key];
			}
			await ctx.db.transaction(() => writeOption(ctx.db, PROFILE_OPTION, next));
			ctx.notifyWrite();
			return { status: 'success', message: 'Onboarding profile data has been updated.' };
		},
	});

	app.get(`${root}/profile/experimental_get_email_prefill`, async () => ({
		email: (await currentUser(ctx.db)).email,
	}));

	app.get(`${root}/tasks/status`, async () => {
		const facts = await storeFacts(ctx.db);
		return {
			automatedTaxSupportedCountries: ['US', 'CA', 'AU', 'GB'],
			hasHomepage: false,
			hasPaymentGateway: facts.enabledPaymentGateways.length > 0,
			enabledPaymentGateways: facts.enabledPaymentGateways,
			hasPhysicalProducts: facts.hasPhysicalProducts,
			hasProducts: facts.hasProducts,
			isAppearanceComplete: facts.appearanceComplete,
			isTaxComplete: facts.taxComplete,
			shippingZonesCount: 0,
			stylesheet: 'storefront',
			taxJarActivated: false,
			themeMods: {},
			wcPayIsConnected: false,
		};
	});

	app.route({
		method: ['GET', 'POST'],
		url: `${root}/tasks`,
		handler: async () => taskLists(ctx.db),
	});

	const listOf = async (request: FastifyRequest, hidden: boolean) => {
		const id = (request.params as { id: string }).id;
		if (id !== 'setup')
			throw new RestError(
				'woocommerce_rest_invalid_task_list',
				'Sorry, that task list was not found.',
				404,
			);
		await ctx.db.transaction(() =>
			ctx.db.run(
				'INSERT INTO onboarding_task_lists (list_id, is_hidden) VALUES (?, ?) ON CONFLICT (list_id) DO UPDATE SET is_hidden = excluded.is_hidden',
				[id, hidden],
			),
		);
		ctx.notifyWrite();
		return (await taskLists(ctx.db)).find((list) => list.id === id);
	};
	app.route({
		method: ['POST', 'PUT'],
		url: `${root}/tasks/:id/hide`,
		handler: (request) => listOf(request, true),
	});
	app.route({
		method: ['POST', 'PUT'],
		url: `${root}/tasks/:id/unhide`,
		handler: (request) => listOf(request, false),
	});

	const updateTask = async (
		request: FastifyRequest,
		column: 'is_dismissed' | 'is_actioned' | 'snoozed_until',
		value: boolean | number | null,
	) => {
		const id = (request.params as { id: string }).id;
		if (!SETUP_TASKS.some((task) => task.id === id)) throw taskNotFound();
		await ctx.db.transaction(async () => {
			await ctx.db.run(
				'INSERT INTO onboarding_task_state (task_id) VALUES (?) ON CONFLICT (task_id) DO NOTHING',
				[id],
			);
			await ctx.db.run(`UPDATE onboarding_task_state SET ${column} = ? WHERE task_id = ?`, [
				value,
				id,
			]);
		});
		ctx.notifyWrite();
		const [list] = await taskLists(ctx.db);
		return (list.tasks as Array<{ id: string }>).find((task) => task.id === id);
	};
	app.route({
		method: ['POST', 'PUT'],
		url: `${root}/tasks/:id/dismiss`,
		handler: (r) => updateTask(r, 'is_dismissed', true),
	});
	app.route({
		method: ['POST', 'PUT'],
		url: `${root}/tasks/:id/undo_dismiss`,
		handler: (r) => updateTask(r, 'is_dismissed', false),
	});
	app.route({
		method: ['POST', 'PUT'],
		url: `${root}/tasks/:id/action`,
		handler: (r) => updateTask(r, 'is_actioned', true),
	});
	app.route({
		method: ['POST', 'PUT'],
		url: `${root}/tasks/:id/undo_snooze`,
		handler: (r) => updateTask(r, 'snoozed_until', null),
	});
	app.route({
		method: ['POST'],
		url: `${root}/tasks/:id/snooze`,
		schema: {
			body: {
				type: 'object',
				properties: {
					duration: { type: 'string', enum: ['hour', 'day', 'week'] },
					task_list_id: { type: 'string' },
				},
			},
		},
		handler: (request) => {
			const duration = ((request.body ?? {}) as { duration?: string }).duration ?? 'day';
			const ms = { hour: 3600000, day: 86400000, week: 604800000 }[duration] ?? 86400000;
			return updateTask(request, 'snoozed_until', Date.now() + ms);
		},
	});

	app.get(`${root}/payments`, async () => {
		const country = String(
			await getOption<unknown>(ctx.db, 'woocommerce_default_country', 'US'),
		).split(':')[0];
		return PAYMENT_SUGGESTIONS.filter((suggestion) => {
			const countries = suggestion.category_other ?? suggestion.category_additional;
			return suggestion.is_visible && (!countries || countries.includes(country));
		});
	});

	app.route({
		method: ['POST'],
		url: `${root}/tasks/create_product_from_template`,
		schema: {
			body: {
				type: 'object',
				required: ['template_name'],
				properties: {
					template_name: { type: 'string', enum: Object.keys(TEMPLATES) },
					status: {
						type: 'string',
						enum: ['auto-draft', 'draft', 'publish', 'pending', 'private'],
					},
				},
			},
		},
		handler: async (request) => {
			const body = request.body as { template_name: string; status?: string };
			const template = TEMPLATES[body.template_name];
			const id = await ctx.db.transaction(async () => {
				const next = Number(
					(
						await ctx.db.one<{ id: number }>(
							'SELECT coalesce(max(id), 0) + 1 AS id FROM products',
						)
					)?.id,
				);
				const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
				await ctx.db.run(
					`INSERT INTO products (id, parent_id, type, status, name, slug, sku, price, regular_price, manage_stock,
						stock_status, virtual, downloadable, date_created, date_created_gmt)
					 VALUES (?, 0, ?, ?, ?, ?, '', ?, ?, false, 'instock', ?, ?, ?, ?)`,
					[
						next,
						template.type,
						body.status ?? 'auto-draft',
						template.name,
						`${body.template_name}-product-${next}`,
						template.price,
						template.price,
						template.virtual,
						template.downloadable,
						now,
						now,
					],
				);
				return next;
			});
			ctx.notifyWrite();
			return { id };
		},
	});
}
