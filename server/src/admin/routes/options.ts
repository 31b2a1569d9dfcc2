/**
 * `wc-admin/options`: batched option reads and JSON option writes.
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import { RestError } from '../../http/errors.js';
import { parseList, EDITABLE, type RawQuery } from '../../http/params.js';
import { DATE_BASES, DATE_BASIS_OPTION, isDateBasis } from '../../db/date-basis.js';
import { getOption, writeOption } from '../../db/options.js';

export async function registerOptionRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	app.get('/wc-admin/options', async (request) => {
		const names = parseList((request.query as RawQuery).options);
		if (names.length === 0) {
			throw new RestError(
				'woocommerce_rest_cannot_view',
				'You must supply an array of options.',
				400,
				{
					params: { options: 'options must name at least one option (options=a,b).' },
				},
			);
		}
		const out: Record<string, unknown> = {};
		for (const name of names) out[name] = await getOption<unknown>(ctx.db, name, false);
		return out;
	});

	app.route({
		method: [...EDITABLE],
		url: '/wc-admin/options',
		schema: {
			body: {
				type: 'object',
				minProperties: 1,
				propertyNames: { type: 'string', minLength: 1, maxLength: 191 },
			},
		},
		handler: async (request) => {
			const body = request.body as Record<string, unknown>;
			if (Object.hasOwn(body, DATE_BASIS_OPTION) && !isDateBasis(body[DATE_BASIS_OPTION])) {
				throw new RestError(
					'rest_invalid_param',
					`Invalid parameter(s): ${DATE_BASIS_OPTION}`,
					400,
					{
						params: {
							[DATE_BASIS_OPTION]: `The date type must be one of ${DATE_BASES.join(', ')}.`,
						},
					},
				);
			}
			const result = await ctx.db.transaction(async () => {
				const changed: Record<string, boolean> = {};
				for (const [name, value] of Object.entries(body)) {
					changed[name] = await writeOption(ctx.db, name, value);
				}
				// The reports read these at query time (the date type too: db/date-basis.ts).
				return changed;
			});
			ctx.notifyWrite();
			return result;
		},
	});
}
