import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';

/** Serves the admin page (`/wp-admin/admin.php?page=abacus`) and the built client. */
export async function registerPageRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}
