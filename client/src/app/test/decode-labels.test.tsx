/**
 * Inside wp-admin, WordPress's and WooCommerce's names arrive with HTML entities: the label
 * middleware decodes them once, so no "&#36;" or "&amp;" is ever shown, and nothing is rendered
 * as HTML.
 */
import { screen } from '@testing-library/react';

import { settingsStore } from '@abacus/data';

import Settings from '../../screens/settings/general/index.js';
import { renderWithStores, stubApiFetch } from '../../screens/test/harness.js';
import { apiFetch } from '../../base/api-fetch.js';
import { createLabelDecodingMiddleware, decodeLabels } from '../decode-labels.js';

jest.setTimeout(30000);

describe('decodeLabels', () => {
	it('decodes names, labels and choices once, and leaves other fields alone', () => {
		const answer = [
			{
				product_id: 7,
				extended_info: { name: 'Shirts &amp; Tops', sku: 'A&amp;B' },
				name: 'Men&#8217;s &lt;b&gt;Hoodie&lt;/b&gt;',
			},
			{ category_id: 3, name: 'R&amp;amp;D' },
			{
				id: 'woocommerce_currency',
				options: { USD: 'United States (US) dollar (&#36;)', EUR: 'Euro (&euro;)' },
				value: 'USD',
			},
			{ content: '<p>Tom &amp; Jerry</p>', title: 'Tom &amp; Jerry' },
		];
		expect(decodeLabels(answer)).toEqual([
			{
				product_id: 7,
				extended_info: { name: 'Shirts & Tops', sku: 'A&amp;B' },
				name: 'Men’s <b>Hoodie</b>',
			},
			// Decoded once: an encoded entity stays an entity.
			{ category_id: 3, name: 'R&amp;D' },
			{
				id: 'woocommerce_currency',
				options: { USD: 'United States (US) dollar ($)', EUR: 'Euro (€)' },
				value: 'USD',
			},
			{ content: '<p>Tom &amp; Jerry</p>', title: 'Tom & Jerry' },
		]);
		const plain = { name: 'Mug', rows: [{ label: 'Orders' }] };
		expect(decodeLabels(plain)).toBe(plain);
	});
});

describe('Settings › General inside wp-admin', () => {
	it('shows no HTML entity in any label WooCommerce sends', async () => {
		apiFetch.use(createLabelDecodingMiddleware());
		stubApiFetch((call) => {
			if (call.method !== 'GET') return { body: { update: [] } };
			if (call.route.endsWith('/general')) {
				return {
					body: [
						{
							id: 'woocommerce_default_country',
							value: 'US:CA',
							options: {
								'US:CA': 'United States (US) &mdash; California',
								AX: '&#197;land Islands',
								CI: 'C&ocirc;te d&#039;Ivoire',
							},
						},
						{
							id: 'woocommerce_currency',
							value: 'USD',
							options: {
								USD: 'United States (US) dollar (&#36;) &mdash; USD',
								EUR: 'Euro (&euro;) &mdash; EUR',
							},
						},
						{ id: 'woocommerce_store_city', value: 'Paris' },
					],
				};
			}
			return { body: [] };
		});
		renderWithStores(<Settings />, settingsStore);
		const currency = await screen.findByLabelText('Currency');
		expect(currency).toHaveValue('USD');
		expect(screen.getByRole('option', { name: 'United States (US) dollar ($) — USD' })).toBe(
			currency.querySelector('option[value="USD"]'),
		);
		expect(screen.getByRole('option', { name: 'Åland Islands' })).toBeInTheDocument();
		expect(screen.getByRole('option', { name: "Côte d'Ivoire" })).toBeInTheDocument();
		const text = document.body.textContent ?? '';
		expect(text).not.toMatch(/&#\d+;|&#x[0-9a-f]+;|&[a-z]+;/i);
	});
});
