/**
 * The standalone admin page (`/wp-admin/admin.php?page=abacus`) and the built client under
 * `/abacus-build/`.
 */
import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ServerContext } from '../core/context.js';
import { scriptJson } from '../http/response.js';
import { pageCsp, requestOrigin, scriptNonce } from '../http/security.js';
import { buildSettings, type OperatorChoice, type PageStores } from './abacus-settings.js';

/** A page path's own chunk group (build/<flavour>/chunk-groups.json), if it has one. */
function chunkGroupOf(pagePath: unknown): string | null {
	const route =
		typeof pagePath === 'string' && pagePath !== '' ? pagePath : '/analytics/overview';
	if (route === '/analytics/overview' || route === '/') return 'dashboard';
	if (route === '/analytics/settings') return 'analytics-settings';
	const match = /^\/analytics\/([a-z]+(?:-[a-z]+)*)$/.exec(route);
	return match ? `report-${match[1]}` : null;
}

/**
 * The files of the page's own chunks (its report's, the Overview's), preloaded from the page's
 * head so that they download beside the app's bundle instead of after it has run; none when the
 * build has no chunk list.
 */
export function pageChunkFiles(buildFlavourDir: string, pagePath: unknown): string[] {
	const group = chunkGroupOf(pagePath);
	if (!group) return [];
	let groups: unknown;
	try {
		groups = JSON.parse(
			fs.readFileSync(path.join(buildFlavourDir, 'chunk-groups.json'), 'utf8'),
		);
	} catch {
		return [];
	}
	const files =
		groups && typeof groups === 'object' && Object.hasOwn(groups, group)
			? (groups as Record<string, unknown>)[group]
			: [];
	return Array.isArray(files)
		? files.filter(
				(file): file is string =>
					typeof file === 'string' && /^chunks\/[A-Za-z0-9._-]+\.(js|css)$/.test(file),
			)
		: [];
}

export const ADMIN_PAGE_PATH = '/wp-admin/admin.php?page=abacus';

/** Who may see the page (engine mode: a signed-in operator), given by the app. */
export interface PageAccess {
	/** Whether the request must sign in first (engine mode without a session). */
	needsSignIn(request: FastifyRequest): boolean;
	/** Sends the sign-in page. */
	sendSignIn(reply: FastifyReply): FastifyReply;
	/** The credentials of the page's own requests (the session's cookie and nonce), if any. */
	credentials(
		request: FastifyRequest,
	): { cookie: string; nonce: string; name: string } | undefined;
	/** Whether the request's operator may read a store. */
	mayRead(request: FastifyRequest, store: { id: number; url: string }): boolean;
}

function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

function missingBuildPage(buildDir: string): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Abacus</title></head>
<body><main><h1>The Abacus client is not built</h1>
<p>No client bundle was found in <code>${escapeHtml(path.join(buildDir, 'standalone'))}</code>.
Run <code>npm run build:client</code>, then reload this page.</p></main></body></html>
`;
}

/**
 * On a multi-store engine, the stores listed and the one the page's `store` parameter names (a
 * served id written plainly); any other value shows the page with no store chosen.
 */
async function operatorChoice(
	stores: PageStores,
	raw: unknown,
	mayRead: (store: { id: number; url: string }) => boolean,
): Promise<OperatorChoice> {
	// Only the stores the signed-in operator may read.
	const list = (await stores.list()).filter(mayRead);
	const text = typeof raw === 'string' ? raw : '';
	const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
	const listed = list.some((store) => store.id === id);
	return { stores: list, store: listed ? await stores.choose(id) : null };
}

export async function registerPageRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	stores: PageStores | undefined,
	access: PageAccess,
): Promise<void> {
	await app.register(fastifyStatic, {
		root: path.resolve(ctx.config.buildDir),
		prefix: '/abacus-build/',
		decorateReply: false,
		index: false,
		list: false,
	});

	const toAdmin = async (_request: unknown, reply: { redirect: (url: string) => unknown }) =>
		reply.redirect(ADMIN_PAGE_PATH);
	app.get('/', toAdmin);
	app.get('/wp-admin', toAdmin);

	// Browsers ask for it on every page: answer without a 404 in the console.
	app.get('/favicon.ico', async (_request, reply) => reply.status(204).send());

	// The component gallery: every @abacus/components export in its states.
	app.get('/abacus-gallery', async (_request, reply) => {
		const gallery = path.join(path.resolve(ctx.config.buildDir), 'gallery', 'gallery.js');
		if (!fs.existsSync(gallery)) {
			return reply
				.status(503)
				.type('text/html; charset=utf-8')
				.send(missingBuildPage(ctx.config.buildDir));
		}
		const nonce = scriptNonce();
		return reply
			.type('text/html; charset=utf-8')
			.header('Content-Security-Policy', pageCsp(nonce)).send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Abacus components</title>
<link rel="stylesheet" href="/abacus-build/gallery/gallery.css">
</head>
<body>
<div id="root"></div>
<script nonce="${nonce}">window.abacusSettings = ${scriptJson({ adminUrl: '/wp-admin/', siteTitle: 'Abacus components' })};</script>
<script src="/abacus-build/gallery/gallery.js"></script>
</body>
</html>
`);
	});

	app.get('/wp-admin/admin.php', async (request, reply) => {
		const query = request.query as Record<string, unknown>;
		if (query.page !== 'abacus') {
			return reply.redirect(ADMIN_PAGE_PATH);
		}
		// Engine mode without an operator session: the sign-in form and nothing else.
		if (access.needsSignIn(request)) return access.sendSignIn(reply);
		const standalone = path.join(path.resolve(ctx.config.buildDir), 'standalone');
		if (!fs.existsSync(path.join(standalone, 'index.js'))) {
			return reply
				.status(503)
				.type('text/html; charset=utf-8')
				.send(missingBuildPage(ctx.config.buildDir));
		}
		// The Host header was checked against the allowed host names before routing.
		const origin = requestOrigin(request.headers, `${ctx.config.host}:${ctx.config.port}`);
		const nonce = scriptNonce();
		const operator = stores
			? await operatorChoice(stores, query.store, (store) => access.mayRead(request, store))
			: undefined;
		// The page's own requests go as the operator's (its session and nonce).
		const settings = await buildSettings(
			app,
			ctx,
			origin,
			operator,
			access.credentials(request),
		);
		const css = fs.existsSync(path.join(standalone, 'index.css'))
			? '\n<link rel="stylesheet" href="/abacus-build/standalone/index.css">'
			: '';
		const preloads = pageChunkFiles(standalone, query.path)
			.map(
				(file) =>
					`\n<link rel="preload" href="/abacus-build/standalone/${escapeHtml(file)}" as="${file.endsWith('.css') ? 'style' : 'script'}">`,
			)
			.join('');
		const html = `<!doctype html>
<html lang="${escapeHtml(settings.locale.siteLocale.replace('_', '-'))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Analytics ‹ ${escapeHtml(settings.siteTitle)}</title>${css}${preloads}
</head>
<body class="wp-admin abacus-page">
<div id="wpbody"><div id="wpbody-content"><div id="root"></div></div></div>
<script nonce="${nonce}">window.abacusSettings = ${scriptJson(settings)};</script>
<script src="/abacus-build/standalone/index.js"></script>
</body>
</html>
`;
		return reply
			.type('text/html; charset=utf-8')
			.header('Cache-Control', 'no-store')
			.header('Content-Security-Policy', pageCsp(nonce))
			.send(html);
	});
}
