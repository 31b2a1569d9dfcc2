/**
 * Plugins (`wc-admin/plugins/…`): active and installed lists, simulated install and activate over
 * the known catalogue, site connection, recommended payment plugins, and the payment-provider
 * onboarding status.
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { Db } from '../../core/db.js';
import { RestError, invalidParams } from '../../http/errors.js';
import { baseUrl } from '../../http/response.js';
import { parseList, EDITABLE, type RawQuery } from '../../http/params.js';
import { getOption, writeOption } from '../../db/options.js';
import { addPluginGateways } from './gateways.js';

const RECOMMENDATIONS_HIDDEN = 'woocommerce_setting_payments_recommendations_hidden';
const CONNECTION_OPTION = 'abacus_site_connection_active';
const PAYPAL_SETTINGS = 'woocommerce-ppcp-settings';

/** Static catalogue of recommended payment plugins. */
const RECOMMENDED_PAYMENT_PLUGINS = [
	{
		slug: 'woocommerce-payments',
		title: 'Payments',
		copy: 'Accept credit and debit cards, manage deposits and refunds from your dashboard.',
		product: 'woocommerce-payments',
		icon: 'https://example.com/images/payments.svg',
		'button-text': 'Get started',
		'setup-link': '/wp-admin/admin.php?page=wc-admin&path=/payments/connect',
		recommended: true,
	},
	{
		slug: 'woocommerce-gateway-stripe',
		title: 'Stripe',
		copy: 'Accept debit and credit cards in 135+ currencies.',
		product: 'woocommerce-gateway-stripe',
		icon: 'https://example.com/images/stripe.svg',
		'button-text': 'Get Stripe',
		'setup-link': '/wp-admin/admin.php?page=wc-settings&tab=checkout&section=stripe',
	},
	{
		slug: 'woocommerce-paypal-payments',
		title: 'PayPal Payments',
		copy: 'Safe and secure payments using credit cards or your customer\u2019s PayPal account.',
		product: 'woocommerce-paypal-payments',
		icon: 'https://example.com/images/paypal.svg',
		'button-text': 'Get PayPal',
		'setup-link': '/wp-admin/admin.php?page=wc-settings&tab=checkout&section=ppcp-gateway',
	},
];

const PLUGINS_BODY = {
	type: 'object',
	required: ['plugins'],
	properties: {
		plugins: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
	},
};

interface PluginRow {
	slug: string;
	installed: boolean;
	active: boolean;
	[key: string]: string | boolean;
}

async function pluginRows(db: Db): Promise<PluginRow[]> {
	return db.all<PluginRow>('SELECT slug, installed, active FROM plugins ORDER BY slug');
}

export async function activeSlugs(db: Db): Promise<string[]> {
	return (await pluginRows(db)).filter((p) => p.active).map((p) => p.slug);
}

async function installedSlugs(db: Db): Promise<string[]> {
	return (await pluginRows(db)).filter((p) => p.installed).map((p) => p.slug);
}

function requestedSlugs(body: unknown): string[] {
	const slugs = [...new Set(parseList((body as { plugins?: unknown }).plugins))];
	if (slugs.length === 0) {
		throw new RestError(
			'woocommerce_rest_invalid_plugins',
			'Plugins must be a non-empty array.',
			400,
			{
				params: { plugins: 'plugins must name at least one plugin slug (a comma list).' },
			},
		);
	}
	return slugs;
}

export async function registerPluginRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const root = '/wc-admin/plugins';

	app.get(`${root}/active`, async () => ({ plugins: await activeSlugs(ctx.db) }));
	app.get(`${root}/installed`, async () => ({ plugins: await installedSlugs(ctx.db) }));

	app.route({
		method: [...EDITABLE],
		url: `${root}/install`,
		schema: { body: PLUGINS_BODY },
		handler: async (request) => {
			const slugs = requestedSlugs(request.body);
			const known = new Map((await pluginRows(ctx.db)).map((p) => [p.slug, p]));
			const installed: string[] = [];
			const results: Record<string, boolean> = {};
			const errors: Record<string, string[]> = {};
			await ctx.db.transaction(async () => {
				for (const slug of slugs) {
					const plugin = known.get(slug);
					if (!plugin) {
						results[slug] = false;
						errors[slug] = [
							`The requested plugin \`${slug}\` could not be installed. Plugin API call failed.`,
						];
						continue;
					}
					if (!plugin.installed)
						await ctx.db.run('UPDATE plugins SET installed = true WHERE slug = ?', [
							slug,
						]);
					installed.push(slug);
					results[slug] = true;
				}
			});
			if (installed.length > 0) ctx.notifyWrite();
			const success = Object.keys(errors).length === 0;
			return {
				data: { installed, results },
				errors: { errors, error_data: [] },
				success,
				message: success
					? 'Plugins were successfully installed.'
					: 'There was a problem installing some of the requested plugins.',
			};
		},
	});

	app.route({
		method: [...EDITABLE],
		url: `${root}/activate`,
		schema: { body: PLUGINS_BODY },
		handler: async (request) => {
			const slugs = requestedSlugs(request.body);
			const known = new Map((await pluginRows(ctx.db)).map((p) => [p.slug, p]));
			const activated: string[] = [];
			const errors: Record<string, string[]> = {};
			await ctx.db.transaction(async () => {
				for (const slug of slugs) {
					const plugin = known.get(slug);
					if (!plugin || !plugin.installed) {
						errors[slug] = [`The requested plugin \`${slug}\`. is not yet installed.`];
						continue;
					}
					if (!plugin.active)
						await ctx.db.run('UPDATE plugins SET active = true WHERE slug = ?', [slug]);
					activated.push(slug);
				}
				// A payment plugin's gateways join the payment methods once it is active.
				await addPluginGateways(ctx.db, activated);
			});
			if (activated.length > 0) ctx.notifyWrite();
			const success = Object.keys(errors).length === 0;
			return {
				data: { activated, active: await activeSlugs(ctx.db) },
				errors: { errors, error_data: [] },
				success,
				message: success
					? 'Plugins were successfully activated.'
					: 'There was a problem activating some of the requested plugins.',
			};
		},
	});

	app.get(`${root}/recommended-payment-plugins`, async () => {
		if ((await getOption<unknown>(ctx.db, RECOMMENDATIONS_HIDDEN, 'no')) === 'yes') return [];
		const active = new Set(await activeSlugs(ctx.db));
		return RECOMMENDED_PAYMENT_PLUGINS.filter((plugin) => !active.has(plugin.slug));
	});

	app.post(`${root}/recommended-payment-plugins/dismiss`, async () => {
		await ctx.db.transaction(() => writeOption(ctx.db, RECOMMENDATIONS_HIDDEN, 'yes'));
		ctx.notifyWrite();
		return true;
	});

	app.get(`${root}/connect-jetpack`, async (request) => {
		const redirect = (request.query as RawQuery).redirect_url;
		if (typeof redirect !== 'string' || redirect === '') {
			throw invalidParams({
				redirect_url: 'redirect_url must be the address to return to after connecting.',
			});
		}
		if (!(await activeSlugs(ctx.db)).includes('jetpack')) {
			throw new RestError(
				'woocommerce_rest_jetpack_not_active',
				'Jetpack is not installed or active. Connecting the store to a payment provider goes through the Jetpack site connection: install and activate Jetpack, then connect again.',
				404,
			);
		}
		return {
			slug: 'jetpack',
			name: 'Jetpack',
			connectAction: `${baseUrl(request)}/wp-admin/admin.php?page=jetpack&action=register&redirect=${encodeURIComponent(redirect)}`,
		};
	});

	app.post(`${root}/request-wccom-connect`, async (request) => ({
		connectAction: `${baseUrl(request)}/wp-admin/admin.php?page=abacus&path=${encodeURIComponent('/marketplace')}&wccom-connect=1`,
	}));

	app.post(`${root}/finish-wccom-connect`, {
		schema: {
			body: {
				type: 'object',
				required: ['request_token'],
				properties: { request_token: { type: 'string', minLength: 1 } },
			},
		},
		handler: async () => ({ success: true }),
	});

	for (const [route, slug, name] of [
		['connect-wcpay', 'woocommerce-payments', 'Payments'],
		['connect-square', 'woocommerce-square', 'Square'],
	] as const) {
		app.post(`${root}/${route}`, async (request) => {
			if (!(await activeSlugs(ctx.db)).includes(slug)) {
				throw new RestError(
					'woocommerce_rest_helper_connect',
					`${name} is not installed or active.`,
					400,
				);
			}
			return {
				connectUrl: `${baseUrl(request)}/wp-admin/admin.php?page=abacus&path=${encodeURIComponent('/')}&connected=${slug}`,
			};
		});
	}

	app.get('/jetpack/v4/connection', async () => {
		const active = (await activeSlugs(ctx.db)).includes('jetpack');
		const connected =
			active && (await getOption<unknown>(ctx.db, CONNECTION_OPTION, false)) === true;
		return {
			isActive: connected,
			isStaging: false,
			isRegistered: connected,
			offlineMode: { isActive: false },
		};
	});

	app.get('/wc-paypal/v1/onboarding/get-status', async () => {
		if (!(await activeSlugs(ctx.db)).includes('woocommerce-paypal-payments')) {
			throw new RestError(
				'rest_no_route',
				'No route was found matching the URL and request method.',
				404,
			);
		}
		const settings = await getOption<Record<string, unknown>>(ctx.db, PAYPAL_SETTINGS, {});
		const values = typeof settings === 'object' && settings !== null ? settings : {};
		const onboarded = [
			'merchant_email_production',
			'merchant_id_production',
			'client_id_production',
			'client_secret_production',
		].every((key) => Boolean(values[key]));
		return { production: { state: onboarded ? 'onboarded' : 'unknown', onboarded } };
	});
}
