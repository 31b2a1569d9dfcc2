/**
 * A report whose figures take longer than its first view's wait is drawn with its placeholders
 * meanwhile, then with its figures (first-view-wiring.test.tsx: the wait itself).
 */
import { act, render, screen, waitFor } from '@testing-library/react';

import { resetHistory } from '@abacus/navigation';

import { stubApiFetch, type Call } from '../../screens/test/harness.js';
import { Layout } from '../layout.js';

jest.setTimeout(30000);

/** A revenue stats answer: every day of the asked range. */
function stats(call: Call) {
	const from = (call.query.get('after') ?? '').slice(0, 10);
	const to = (call.query.get('before') ?? '').slice(0, 10);
	const days: string[] = [];
	for (let day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to;) {
		days.push(day.toISOString().slice(0, 10));
		day = new Date(day.getTime() + 86_400_000);
	}
	const subtotals = { net_revenue: 9, orders_count: 1, gross_sales: 10 };
	return {
		body: {
			totals: subtotals,
			intervals: days.map((day) => ({
				interval: day,
				date_start: `${day} 00:00:00`,
				date_start_gmt: `${day} 00:00:00`,
				date_end: `${day} 23:59:59`,
				date_end_gmt: `${day} 23:59:59`,
				subtotals,
			})),
		},
		headers: { 'X-WP-Total': String(days.length), 'X-WP-TotalPages': '1' },
	};
}

/** Opens the revenue report of March `from`–`to`, 2026 against the year before. */
function openRevenue(from: string, to: string): void {
	window.history.replaceState(
		{},
		'',
		`/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Frevenue&period=custom&after=2026-03-${from}&before=2026-03-${to}&compare=previous_year`,
	);
	resetHistory();
}

describe('a report opened in the app', () => {
	it('shows its placeholders when its figures take longer than the wait', async () => {
		openRevenue('04', '06');
		let answer: () => void = () => undefined;
		const late = new Promise<void>((resolve) => (answer = resolve));
		stubApiFetch(async (call) => {
			if (!call.route.endsWith('/stats')) return { body: [] };
			await late;
			return stats(call);
		});
		render(<Layout />);
		// The wait (half a second) is over: the report shows, still loading.
		await waitFor(() => expect(document.querySelector('.is-placeholder')).not.toBeNull(), {
			timeout: 5000,
		});
		expect(screen.getAllByText('Loading').length).toBeGreaterThan(0);
		await act(async () => answer());
		expect(
			await screen.findByText('March 6, 2026', {}, { timeout: 10000 }),
		).toBeInTheDocument();
	});
});
