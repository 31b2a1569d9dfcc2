import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';

/** Registers lookup, admin, settings, plugins, onboarding and user routes. */
export async function registerAdminRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}
