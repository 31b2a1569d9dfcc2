/**
 * The Analytics engine card lists where the engine's figures can differ from WooCommerce's: the
 * same differences, in the same order, as the server's list that `npm run reconcile` and the
 * engine tests accept (`server/src/metrics/differences.ts`), inside WordPress and on the
 * standalone server, closed until opened.
 */
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { KNOWN_DIFFERENCES } from '../../../../../../server/src/metrics/differences.js';
import { EngineClient } from '../../../../engine/client.js';
import { stubApiFetch } from '../../../test/harness.js';
import { SHOWN_DIFFERENCES } from '../differences.js';
import { EngineSettings } from '../engine.js';

const STORE = 'http://127.0.0.1:18431';
const SUMMARY = 'How the figures can differ from WooCommerce’s';

function engineClient(): EngineClient {
	return new EngineClient(null, {
		renew: async () => ({ token: 'renewed', expires: 0 }),
		storage: null,
	});
}

describe('How the figures can differ from WooCommerce’s', () => {
	jest.setTimeout(30000);

	it('shows one entry per documented difference of the server, in its order', () => {
		expect(SHOWN_DIFFERENCES.map((d) => d.id)).toEqual(KNOWN_DIFFERENCES.map((d) => d.id));
		for (const shown of SHOWN_DIFFERENCES) {
			expect(shown.title().length).toBeGreaterThan(5);
			expect(shown.detail().length).toBeGreaterThan(20);
		}
	});

	it('inside WordPress: the card’s section is focusable, opens and lists every difference', async () => {
		stubApiFetch((call) =>
			call.route === 'abacus/v1/engine'
				? {
						body: {
							mode: 'woocommerce',
							url: '',
							secretSet: false,
							secretEnd: '',
							store: STORE,
						},
					}
				: { body: {} },
		);
		render(<EngineSettings client={engineClient()} insideWordPress />);
		await screen.findByRole('radio', { name: 'WooCommerce (built in)' });
		const card = screen.getByRole('region', { name: 'Analytics engine' });
		const summary = within(card).getByText(SUMMARY);
		const details = summary.closest('details') as HTMLDetailsElement;
		expect(details.open).toBe(false);
		// A native disclosure: focusable (Enter and Space open it in browsers; jsdom does not
		// implement that activation, the browser check does), opened here by a click.
		summary.focus();
		expect(summary).toHaveFocus();
		await userEvent.click(summary);
		expect(details.open).toBe(true);
		const terms = within(details).getAllByRole('term');
		expect(terms.map((t) => t.textContent)).toEqual(SHOWN_DIFFERENCES.map((d) => d.title()));
		expect(details).toHaveTextContent('Abacus shows N/A: no quantity is known.');
		expect(details).toHaveTextContent('npm run reconcile');
	});

	it('on the standalone server too', async () => {
		stubApiFetch(() => ({ body: {} }));
		const saved = window.abacusSettings;
		window.abacusSettings = { ...(saved ?? {}), restRoutes: undefined };
		try {
			render(<EngineSettings client={engineClient()} />);
			const card = screen.getByRole('region', { name: 'Analytics engine' });
			await userEvent.click(within(card).getByText(SUMMARY));
			const details = within(card)
				.getByText(SUMMARY)
				.closest('details') as HTMLDetailsElement;
			expect(details.open).toBe(true);
			expect(within(details).getAllByRole('definition')).toHaveLength(
				KNOWN_DIFFERENCES.length,
			);
		} finally {
			window.abacusSettings = saved;
		}
	});
});
