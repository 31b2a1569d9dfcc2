import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';

/** Registers the `wc-analytics/reports/*` and `wc-analytics/leaderboards*` routes. */
export async function registerReportRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}
