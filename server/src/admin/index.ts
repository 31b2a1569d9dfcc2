/**
 * Lookup, admin, settings, plugins, onboarding and user routes (registered under `/wp-json`).
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';
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

export async function registerAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
	await registerOptionRoutes(app, ctx);
	await registerUserRoutes(app, ctx);
	await registerSettingsRoutes(app, ctx);
	await registerLookupRoutes(app, ctx);
	await registerProductRoutes(app, ctx);
	await registerCustomerOrderRoutes(app, ctx);
	await registerNoteRoutes(app, ctx);
	await registerReviewRoutes(app, ctx);
	await registerGatewayRoutes(app, ctx);
	await registerPluginRoutes(app, ctx);
	await registerOnboardingRoutes(app, ctx);
	await registerAnnotationRoutes(app, ctx);
}
