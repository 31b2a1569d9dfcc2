/**
 * Payment gateways (`wc/v3/payment_gateways`): list, one and update.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Db, Row } from '../../core/db.js';
import { RestError, invalidParams } from '../../core/errors.js';
import type { GatewaySetting } from '../gateways-seed.js';
import { baseUrl, pickFields, requestedFields } from '../util.js';
import { EDITABLE, type Query } from './common.js';
import { transaction } from '../tx.js';

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
			requestedFields(request.query as Query),
		);

	app.get(root, async (request) => {
		const rows = await ctx.db.all(
			'SELECT * FROM payment_gateways ORDER BY gateway_order NULLS LAST, id',
		);
		const fields = requestedFields(request.query as Query);
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
				} else if (setting.options && !(String(text) in setting.options)) {
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
			await transaction(ctx.db, async () => {
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
