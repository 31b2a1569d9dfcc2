/**
 * Lookup, admin, settings, plugins, onboarding and user routes (registered under `/wp-json`).
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';
import { duckdbStorage, type Storage } from '../db/storage.js';
import { registerAnnotationRoutes } from './routes/annotations.js';
import { registerCustomerOrderRoutes } from './routes/customers-orders.js';
import { registerGatewayRoutes } from './routes/gateways.js';
import { registerLookupRoutes } from './routes/lookups.js';
import { registerNoteRoutes } from './routes/notes.js';
import { registerOnboardingRoutes } from './routes/onboarding.js';
import { registerOptionRoutes } from './routes/options.js';
import { registerPluginRoutes } from './routes/plugins.js';
import { registerProductRoutes } from './routes/products.js';
import { registerReviewRoutes } from './routes/reviews.js';
import { registerSettingsRoutes } from './routes/setting-group-routes.js';
import { registerUserRoutes } from './routes/users.js';

/**
 * `storage`: the storage port the lookups read through (default: the server's own DuckDB store;
 * on a ClickHouse engine, `clickhouse/storage.ts`).
 */
export async function registerAdminRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	storage: Storage = duckdbStorage(ctx),
): Promise<void> {
	await registerOptionRoutes(app, ctx);
	await registerUserRoutes(app, ctx);
	await registerSettingsRoutes(app, ctx);
	await registerLookupRoutes(app, storage);
	await registerProductRoutes(app, ctx, storage);
	await registerCustomerOrderRoutes(app, storage);
	await registerNoteRoutes(app, ctx);
	await registerReviewRoutes(app, ctx);
	await registerGatewayRoutes(app, ctx);
	await registerPluginRoutes(app, ctx);
	await registerOnboardingRoutes(app, ctx);
	await registerAnnotationRoutes(app, ctx, storage);
}
