/**
 * Settings groups under `wc-analytics/settings` and `wc/v3/settings`.
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import { RestError } from '../../http/errors.js';
import {
	SETTINGS_GROUPS,
	type SettingsGroup,
	groupNotFound,
	isSettingsGroup,
	readGroup,
	readSetting,
	updateSettings,
} from '../setting-groups.js';
import { baseUrl } from '../../http/response.js';
import { EDITABLE } from '../../http/params.js';

const GROUP_LABELS: Record<SettingsGroup, string> = {
	general: 'General',
	products: 'Products',
	tax: 'Tax',
	wc_admin: 'Analytics',
};

function groupOf(params: unknown): SettingsGroup {
	const group = (params as { group: string }).group;
	if (!isSettingsGroup(group)) throw groupNotFound();
	return group;
}

export async function registerSettingsRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	for (const namespace of ['wc-analytics', 'wc/v3']) {
		const root = `/${namespace}/settings`;
		app.get(root, async () =>
			SETTINGS_GROUPS.map((id) => ({
				id,
				label: GROUP_LABELS[id],
				description: '',
				parent_id: '',
				sub_groups: [],
			})),
		);
		app.get(`${root}/:group`, async (request) =>
			readGroup(ctx.db, groupOf(request.params), baseUrl(request)),
		);
		app.get(`${root}/:group/:id`, async (request) =>
			readSetting(
				ctx.db,
				groupOf(request.params),
				(request.params as { id: string }).id,
				baseUrl(request),
			),
		);
		app.route({
			method: [...EDITABLE],
			url: `${root}/:group/batch`,
			schema: {
				body: {
					type: 'object',
					properties: {
						update: {
							type: 'array',
							items: {
								type: 'object',
								required: ['id', 'value'],
								properties: { id: { type: 'string', minLength: 1 }, value: {} },
							},
						},
					},
				},
			},
			handler: async (request) => {
				const group = groupOf(request.params);
				const updates =
					(request.body as { update?: Array<{ id: string; value: unknown }> }).update ??
					[];
				if (updates.length > 100) {
					throw new RestError(
						'woocommerce_rest_request_entity_too_large',
						'Unable to accept more than 100 items for this request.',
						413,
					);
				}
				const updated = await updateSettings(ctx.db, group, updates, baseUrl(request));
				if (updates.length > 0) ctx.notifyWrite();
				return { update: updated };
			},
		});
		app.route({
			method: [...EDITABLE],
			url: `${root}/:group/:id`,
			schema: {
				body: { type: 'object', required: ['value'], properties: { value: {} } },
			},
			handler: async (request) => {
				const group = groupOf(request.params);
				const id = (request.params as { id: string }).id;
				await readSetting(ctx.db, group, id);
				const [updated] = await updateSettings(
					ctx.db,
					group,
					[{ id, value: (request.body as { value: unknown }).value }],
					baseUrl(request),
					() => 'value',
				);
				ctx.notifyWrite();
				return updated;
			},
		});
	}
}
