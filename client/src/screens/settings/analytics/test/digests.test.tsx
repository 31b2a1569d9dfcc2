import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { DigestSettings } from '../digests.js';
import {
	changedFields,
	digestProblems,
	parseAddresses,
	scheduleText,
	type Digest,
	type DigestFields,
	type DigestsAnswer,
} from '../digests-model.js';
import { stubApiFetch, wpError } from '../../../test/harness.js';
import type { Answer, Call } from '../../../test/harness.js';

const FIGURES = [
	{ stat: 'revenue/total_sales', label: 'Total sales' },
	{ stat: 'revenue/net_revenue', label: 'Net sales' },
	{ stat: 'orders/orders_count', label: 'Orders' },
	{ stat: 'orders/avg_order_value', label: 'Average order value' },
	{ stat: 'products/items_sold', label: 'Items sold' },
];
const BOARDS = [
	{ id: 'products', label: 'Top products' },
	{ id: 'categories', label: 'Top categories' },
	{ id: 'coupons', label: 'Top coupons' },
	{ id: 'customers', label: 'Top customers' },
];

function state(extra: Partial<Digest['state']> = {}): Digest['state'] {
	return {
		lastPeriod: '',
		lastSent: null,
		late: false,
		failure: null,
		unsubscribed: [],
		nextSend: '2026-11-30T07:00:00+00:00',
		...extra,
	};
}

const SAVED: Digest = {
	id: 'dabcdefabcdef',
	revision: 3,
	name: 'Monday figures',
	schedule: { frequency: 'weekly', hour: 7 },
	recipients: { users: [1], emails: ['owner@example.org'] },
	figures: ['revenue/net_revenue', 'orders/orders_count'],
	comparison: 'previous_period',
	leaderboards: ['products'],
	state: state(),
};

function answer(digests: Digest[]): DigestsAnswer {
	return {
		digests,
		users: [
			{ id: 1, name: 'Ada Admin', email: 'ada@example.org' },
			{ id: 2, name: 'Sam Manager', email: 'sam@example.org' },
		],
		figures: FIGURES,
		leaderboards: BOARDS,
		startOfWeek: 1,
		timeZone: 'Europe/Paris',
		max: 20,
	};
}

function stub(digests: Digest[], extra: (call: Call) => Answer | undefined = () => undefined) {
	return stubApiFetch((call) => {
		const own = extra(call);
		if (own) return own;
		if (call.route === 'abacus/v1/digests' && call.method === 'GET') {
			return { body: answer(digests) };
		}
		if (call.route === 'abacus/v1/digests' && call.method === 'POST') {
			return {
				status: 201,
				body: {
					id: 'dnewnewnewnew',
					revision: 1,
					state: state(),
					...(call.data as object),
				},
			};
		}
		return { body: {} };
	});
}

describe('pure helpers', () => {
	it('reads addresses one per line or comma-separated', () => {
		expect(parseAddresses(' a@example.org,\n\nb@example.org ; c@example.org ')).toEqual([
			'a@example.org',
			'b@example.org',
			'c@example.org',
		]);
	});

	it('says what is wrong with a draft', () => {
		const draft: DigestFields = {
			name: ' ',
			schedule: { frequency: 'daily', hour: 0 },
			recipients: { users: [], emails: [] },
			figures: [],
			comparison: 'previous_year',
			leaderboards: [],
		};
		expect(digestProblems(draft, '')).toEqual({
			name: 'Give the digest a name of 1 to 100 characters.',
			recipients: 'Add at least one recipient: a user or an e-mail address.',
			figures: 'Choose at least one figure.',
		});
		expect(digestProblems({ ...draft, name: 'x' }, 'ok@example.org\nnope').recipients).toBe(
			'"nope" is not an e-mail address (name@example.com).',
		);
	});

	it('finds the fields changed, and only those', () => {
		const loaded: DigestFields = { ...SAVED };
		expect(changedFields(loaded, { ...loaded })).toEqual({});
		expect(
			changedFields(loaded, {
				...loaded,
				figures: ['orders/orders_count', 'revenue/net_revenue'],
			}),
		).toEqual({ figures: ['orders/orders_count', 'revenue/net_revenue'] });
	});

	it('says the schedule in words', () => {
		expect(scheduleText({ frequency: 'weekly', hour: 7 }, 1)).toBe(
			'Every Monday at 07:00, for the week before',
		);
		expect(scheduleText({ frequency: 'daily', hour: 18 }, 1)).toBe(
			'Every day at 18:00, for the day before',
		);
		expect(scheduleText({ frequency: 'monthly', hour: 0 }, 0)).toBe(
			'On the 1st of every month at 00:00, for the month before',
		);
	});
});

describe('E-mail digests card', () => {
	// userEvent typing on a loaded 2-core machine.
	jest.setTimeout(120000);

	it('on the standalone server says digests are the plugin’s, and asks nothing', () => {
		const calls = stub([]);
		render(<DigestSettings insideWordPress={false} />);
		expect(screen.getByRole('heading', { name: 'E-mail digests' })).toBeInTheDocument();
		expect(
			screen.getByText(/E-mail digests are sent by the Abacus plugin inside WordPress/),
		).toBeInTheDocument();
		expect(calls).toEqual([]);
	});

	it('refuses a wrong address on its field, then sets a weekly digest up with the figures in the order chosen', async () => {
		const calls = stub([]);
		render(<DigestSettings insideWordPress />);
		await userEvent.click(await screen.findByRole('button', { name: 'Add a digest' }));
		const form = screen.getByRole('form', { name: 'New digest' });
		await userEvent.click(within(form).getByRole('checkbox', { name: /Ada Admin/ }));
		const addresses = within(form).getByLabelText('Other e-mail addresses (one per line)');
		await userEvent.type(addresses, 'owner@example.org{enter}not-an-address');
		await userEvent.click(within(form).getByRole('button', { name: 'Set up the digest' }));
		expect(
			within(form).getByText('"not-an-address" is not an e-mail address (name@example.com).'),
		).toBeInTheDocument();
		expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
		await userEvent.clear(addresses);
		await userEvent.type(addresses, 'Owner@Example.org');
		// The field's message goes once the field is changed, before the next submit.
		expect(within(form).queryByText(/is not an e-mail address/)).not.toBeInTheDocument();
		expect(addresses).not.toHaveAttribute('aria-invalid');
		// Orders first, then net sales; total sales added at the end.
		await userEvent.click(within(form).getByRole('button', { name: 'Move Orders up' }));
		await userEvent.click(within(form).getByRole('checkbox', { name: 'Total sales' }));
		await userEvent.click(within(form).getByRole('checkbox', { name: 'Items sold' }));
		await userEvent.click(within(form).getByRole('radio', { name: /a year before/ }));
		await userEvent.click(within(form).getByRole('checkbox', { name: 'Top coupons' }));
		await userEvent.click(within(form).getByRole('button', { name: 'Set up the digest' }));
		await screen.findByText(
			'“Weekly summary” is set up. Every Monday at 07:00, for the week before.',
		);
		const posts = calls.filter((call) => call.method === 'POST');
		expect(posts.map((call) => [call.route, call.data])).toEqual([
			[
				'abacus/v1/digests',
				{
					name: 'Weekly summary',
					schedule: { frequency: 'weekly', hour: 7 },
					recipients: { users: [1], emails: ['owner@example.org'] },
					figures: [
						'orders/orders_count',
						'revenue/net_revenue',
						'orders/avg_order_value',
						'revenue/total_sales',
					],
					comparison: 'previous_year',
					leaderboards: ['products', 'categories', 'customers'],
				},
			],
		]);
		expect(screen.getByRole('heading', { name: 'Weekly summary' })).toBeInTheDocument();
	});

	it('saves only the fields changed with the revision loaded, and says a conflict', async () => {
		let conflict = true;
		const calls = stub([SAVED], (call) => {
			if (call.route === `abacus/v1/digests/${SAVED.id}` && call.method === 'POST') {
				if (conflict) {
					conflict = false;
					return wpError(
						409,
						'abacus_digest_changed',
						'This digest was changed elsewhere since the page loaded it: reload the page and make your change again.',
					);
				}
				return { body: { ...SAVED, ...(call.data as object), revision: 4 } };
			}
			return undefined;
		});
		render(<DigestSettings insideWordPress />);
		await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
		const form = screen.getByRole('form', { name: 'Edit the digest' });
		await userEvent.selectOptions(within(form).getByLabelText('At'), '9');
		await userEvent.click(within(form).getByRole('button', { name: 'Save the digest' }));
		await within(form).findByText(/changed elsewhere since the page loaded it/);
		await userEvent.click(within(form).getByRole('button', { name: 'Save the digest' }));
		await screen.findByText('The digest is saved.');
		const posts = calls.filter((call) => call.method === 'POST');
		expect(posts.map((call) => call.data)).toEqual([
			{ revision: 3, schedule: { frequency: 'weekly', hour: 9 } },
			{ revision: 3, schedule: { frequency: 'weekly', hour: 9 } },
		]);
		expect(screen.getByText('Every Monday at 09:00, for the week before')).toBeInTheDocument();
	});

	it('previews the e-mail in a frame, sends a test, and retries a failed sending', async () => {
		const failed: Digest = {
			...SAVED,
			state: state({
				failure: {
					period: '2026-11-16',
					recipients: ['owner@example.org'],
					message: 'SMTP Error: 550 No such mailbox',
					time: '2026-11-23T07:00:00+00:00',
				},
				lastSent: '2026-11-16T07:00:00+00:00',
				lastPeriod: '2026-11-09',
				// As the plugin says them: the store's time zone and formats.
				display: {
					lastSent: 'November 16, 2026 7:00 am',
					nextSend: 'November 30, 2026 7:00 am',
					lastPeriod: 'November 9, 2026 – November 15, 2026',
					failurePeriod: 'November 16, 2026 – November 22, 2026',
				},
			}),
		};
		const calls = stub([failed], (call) => {
			if (call.route === 'abacus/v1/digests/preview') {
				return {
					body: {
						subject: 'Monday figures: November 16, 2026 – November 22, 2026',
						html: '<html><head></head><body><p>Net sales $1,234.00</p></body></html>',
						text: '',
						period: '2026-11-16',
					},
				};
			}
			if (call.route === `abacus/v1/digests/${SAVED.id}/test`) {
				return {
					body: { sent: true, message: 'A test digest was sent to ada@example.org.' },
				};
			}
			if (call.route === `abacus/v1/digests/${SAVED.id}/retry`) {
				return { body: { ...SAVED, state: state({ lastPeriod: '2026-11-16' }) } };
			}
			return undefined;
		});
		render(<DigestSettings insideWordPress />);
		const alert = await screen.findByRole('alert');
		expect(alert).toHaveTextContent(
			'Sending November 16, 2026 – November 22, 2026 failed for owner@example.org: SMTP Error: 550 No such mailbox',
		);
		expect(
			screen.getByText(
				/^Last sent November 16, 2026 7:00 am, for November 9, 2026 – November 15, 2026\. Next: November 30, 2026 7:00 am\.$/,
			),
		).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
		const dialog = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
		expect(dialog).toHaveTextContent(
			'Subject: Monday figures: November 16, 2026 – November 22, 2026',
		);
		const frame = within(dialog).getByTitle('The e-mail as it will be sent');
		expect(frame.getAttribute('srcdoc')).toContain('Net sales $1,234.00');
		// No script runs in the preview.
		expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
		await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
		await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
		await userEvent.click(screen.getByRole('button', { name: 'Send a test now' }));
		await screen.findByText('A test digest was sent to ada@example.org.');
		await userEvent.click(screen.getByRole('button', { name: 'Retry sending' }));
		await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
		expect(
			calls.filter((call) => call.method === 'POST').map((call) => [call.route, call.data]),
		).toEqual([
			['abacus/v1/digests/preview', { id: SAVED.id }],
			[`abacus/v1/digests/${SAVED.id}/test`, undefined],
			[`abacus/v1/digests/${SAVED.id}/retry`, undefined],
		]);
	});

	it('says a load failure with a Retry', async () => {
		let fail = true;
		stubApiFetch((call) => {
			if (call.route === 'abacus/v1/digests' && fail) {
				fail = false;
				return wpError(
					403,
					'rest_forbidden',
					'Sorry, you are not allowed to change the store’s settings.',
				);
			}
			return { body: answer([]) };
		});
		render(<DigestSettings insideWordPress />);
		await screen.findByText('The e-mail digests could not be loaded.');
		expect(screen.getByText(/not allowed to change/)).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		await screen.findByText('No digest yet.');
	});
});
