/**
 * Payment gateways (`wc/v3/payment_gateways`): list, one and update.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Db, Row } from '../../core/db.js';
import { RestError, invalidParams } from '../../http/errors.js';
import { gatewaySetting, type GatewaySeed, type GatewaySetting } from '../../db/admin-schema.js';
import { insertGateway } from '../../db/gateways.js';
import { baseUrl, pickFields, requestedFields } from '../../http/response.js';
import { EDITABLE, type RawQuery } from '../../http/params.js';

function parseJson<T>(text: unknown, fallback: T): T {
	try {
		return JSON.parse(String(text)) as T;
	} catch {
		return fallback;
	}
}

function gatewayObject(row: Row, base: string): Record<string, unknown> {
	const settings = parseJson<Record<string, GatewaySetting>>(row.settings, {});
	const required = parseJson<string[]>(row.required_settings_keys, []);
	const id = String(row.id);
	return {
		id,
		title: row.title,
		description: row.description,
		order: row.gateway_order === null ? '' : Number(row.gateway_order),
		enabled: Boolean(row.enabled),
		method_title: row.method_title,
		method_description: row.method_description,
		method_supports: parseJson<string[]>(row.method_supports, []),
		settings,
		needs_setup: required.some((key) => !settings[key] || settings[key].value === ''),
		post_install_scripts: [],
		settings_url: `${base}/wp-admin/admin.php?page=wc-settings&tab=checkout&section=${encodeURIComponent(id)}`,
		connection_url: row.connection_url,
		setup_help_text: row.setup_help_text,
		required_settings_keys: required,
		_links: {
			self: [{ href: `${base}/wp-json/wc/v3/payment_gateways/${id}` }],
			collection: [{ href: `${base}/wp-json/wc/v3/payment_gateways` }],
		},
	};
}

async function gatewayRow(db: Db, id: string): Promise<Row> {
	const row = await db.one('SELECT * FROM payment_gateways WHERE id = ?', [id]);
	if (!row)
		throw new RestError(
			'woocommerce_rest_payment_gateway_invalid',
			'Resource does not exist.',
			404,
		);
	return row;
}

interface GatewayUpdate {
	title?: string;
	description?: string;
	order?: number;
	enabled?: boolean;
	settings?: Record<string, unknown>;
}

export async function registerGatewayRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const root = '/wc/v3/payment_gateways';
	const one = async (request: FastifyRequest, id: string) =>
		pickFields(
			gatewayObject(await gatewayRow(ctx.db, id), baseUrl(request)),
			requestedFields(request.query as RawQuery),
		);

	app.get(root, async (request) => {
		const rows = await ctx.db.all(
			'SELECT * FROM payment_gateways ORDER BY gateway_order NULLS LAST, id',
		);
		const fields = requestedFields(request.query as RawQuery);
		return rows.map((row) => pickFields(gatewayObject(row, baseUrl(request)), fields));
	});

	app.get(`${root}/:id`, async (request) => one(request, (request.params as { id: string }).id));

	app.route({
		method: [...EDITABLE],
		url: `${root}/:id`,
		schema: {
			body: {
				type: 'object',
				properties: {
					title: { type: 'string' },
					description: { type: 'string' },
					order: { type: 'integer', minimum: 0 },
					enabled: { type: 'boolean' },
					settings: { type: 'object' },
				},
			},
		},
		handler: async (request) => {
			const id = (request.params as { id: string }).id;
			const row = await gatewayRow(ctx.db, id);
			const body = (request.body ?? {}) as GatewayUpdate;
			const settings = parseJson<Record<string, GatewaySetting>>(row.settings, {});
			const bad: Record<string, string> = {};
			for (const [key, value] of Object.entries(body.settings ?? {})) {
				const setting = settings[key];
				if (!setting) {
					bad[`settings[${key}]`] = `${key} is not a setting of the ${id} gateway.`;
					continue;
				}
				const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
				if (typeof text !== 'string' && typeof text !== 'number') {
					bad[`settings[${key}]`] = `${key} must be a string.`;
				} else if (setting.type === 'checkbox' && text !== 'yes' && text !== 'no') {
					bad[`settings[${key}]`] = `${key} must be "yes" or "no".`;
				} else if (setting.options && !Object.hasOwn(setting.options, String(text))) {
					bad[`settings[${key}]`] =
						`${key} is not one of ${Object.keys(setting.options).join(', ')}.`;
				} else {
					setting.value = String(text);
				}
			}
			if (Object.keys(bad).length > 0) throw invalidParams(bad);
			let enabled = Boolean(row.enabled);
			if (settings.enabled && body.settings?.enabled !== undefined)
				enabled = settings.enabled.value === 'yes';
			if (body.enabled !== undefined) enabled = body.enabled;
			if (settings.enabled) settings.enabled.value = enabled ? 'yes' : 'no';
			const title = body.title ?? (settings.title ? settings.title.value : String(row.title));
			const description =
				body.description ??
				(settings.description ? settings.description.value : String(row.description));
			if (settings.title) settings.title.value = title;
			if (settings.description) settings.description.value = description;
			await ctx.db.transaction(async () => {
				await ctx.db.run(
					'UPDATE payment_gateways SET title = ?, description = ?, gateway_order = ?, enabled = ?, settings = ? WHERE id = ?',
					[
						title,
						description,
						body.order ?? (row.gateway_order as number | null),
						enabled,
						JSON.stringify(settings),
						id,
					],
				);
			});
			ctx.notifyWrite();
			return one(request, id);
		},
	});
}

function pluginGateway(
	id: string,
	title: string,
	methodTitle: string,
	methodDescription: string,
	extra: Record<string, GatewaySetting>,
	required: string[],
	setupHelp: string,
): GatewaySeed {
	return {
		id,
		title,
		description: methodDescription,
		order: 0,
		enabled: false,
		method_title: methodTitle,
		method_description: methodDescription,
		method_supports: ['products', 'refunds'],
		settings: {
			enabled: gatewaySetting('enabled', 'Enable/Disable', 'checkbox', 'no'),
			title: gatewaySetting(
				'title',
				'Title',
				'safe_text',
				title,
				'The title customers see at checkout.',
			),
			description: gatewaySetting(
				'description',
				'Description',
				'textarea',
				methodDescription,
			),
			...extra,
		},
		required_settings_keys: required,
		setup_help_text: setupHelp,
		connection_url: null,
	};
}

/**
 * The gateways a payment plugin brings: activating the plugin adds them to the store's payment
 * methods (disabled, to be set up), as WooCommerce lists a gateway once its plugin is active.
 */
export const PLUGIN_GATEWAYS: Readonly<Record<string, readonly GatewaySeed[]>> = {
	'woocommerce-gateway-stripe': [
		pluginGateway(
			'stripe',
			'Credit card (Stripe)',
			'Stripe',
			'Accept debit and credit cards through Stripe.',
			{
				testmode: gatewaySetting('testmode', 'Test mode', 'checkbox', 'no'),
				publishable_key: gatewaySetting('publishable_key', 'Publishable key', 'text', ''),
				secret_key: gatewaySetting('secret_key', 'Secret key', 'password', ''),
			},
			['publishable_key', 'secret_key'],
			'Enter the publishable and secret keys of your Stripe account.',
		),
	],
	'woocommerce-paypal-payments': [
		pluginGateway(
			'ppcp-gateway',
			'PayPal',
			'PayPal Payments',
			'Accept PayPal, Pay Later and cards through PayPal.',
			{ merchant_email: gatewaySetting('merchant_email', 'PayPal e-mail', 'email', '') },
			['merchant_email'],
			'Enter the e-mail address of your PayPal business account.',
		),
	],
	'woocommerce-payments': [
		pluginGateway(
			'woocommerce_payments',
			'Credit card / debit card',
			'Payments',
			'Accept credit and debit cards; manage deposits and refunds from your dashboard.',
			{ test_mode: gatewaySetting('test_mode', 'Test mode', 'checkbox', 'no') },
			[],
			'Connect your account to start accepting cards.',
		),
	],
	'woocommerce-square': [
		pluginGateway(
			'square_credit_card',
			'Credit card (Square)',
			'Square',
			'Accept cards online and in person with Square.',
			{ location_id: gatewaySetting('location_id', 'Business location', 'text', '') },
			['location_id'],
			'Enter the Square business location to take payments for.',
		),
	],
};

/**
 * Adds the gateways of newly active plugins that the store does not list yet (after the others).
 * Runs inside the caller's transaction; returns the ids added.
 */
export async function addPluginGateways(db: Db, slugs: readonly string[]): Promise<string[]> {
	const added: string[] = [];
	for (const slug of slugs) {
		if (!Object.prototype.hasOwnProperty.call(PLUGIN_GATEWAYS, slug)) continue;
		for (const gateway of PLUGIN_GATEWAYS[slug]) {
			if (await db.one('SELECT id FROM payment_gateways WHERE id = ?', [gateway.id]))
				continue;
			const last = await db.one<{ n: number | null }>(
				'SELECT max(gateway_order) AS n FROM payment_gateways',
			);
			const order = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
			await insertGateway(db, gateway, order);
			added.push(gateway.id);
		}
	}
	return added;
}
