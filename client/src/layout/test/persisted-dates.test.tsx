/**
 * Inside wp-admin the date range follows the person between WordPress's Abacus menu links, whole
 * page loads without a range: the range chosen on one page is applied to the next date-aware page
 * opened without one, and written into the menu's links.
 */
import { render, screen } from '@testing-library/react';
import { getQuery, resetHistory } from '@abacus/navigation';

import { followDates, usesDateRange } from '../persisted-dates.js';
import { useAppLocation } from '../use-location.js';

const RANGE = {
	period: 'custom',
	compare: 'previous_year',
	after: '2026-09-01',
	before: '2026-10-31',
};

function Where({ keepDates }: { keepDates: boolean }) {
	const { path, query } = useAppLocation({ keepDates });
	return (
		<p>
			{path} {String(query.period)} {String(query.after)} {String(query.before)}
		</p>
	);
}

/** Opens the admin page at `search`, as a page load does (a fresh history). */
function load(search: string) {
	window.history.replaceState({}, '', `/wp-admin/admin.php?${search}`);
	resetHistory();
}

beforeEach(() => {
	window.sessionStorage.clear();
	document.body.innerHTML = '';
});

it('knows which pages show a date range', () => {
	expect(usesDateRange('/')).toBe(true);
	expect(usesDateRange('/analytics/revenue')).toBe(true);
	expect(usesDateRange('/analytics/cohorts')).toBe(true);
	expect(usesDateRange('/analytics/settings')).toBe(false);
	expect(usesDateRange('/analytics/stock')).toBe(false);
	expect(usesDateRange('/customers')).toBe(false);
});

it('keeps the range of a page and gives it to the next page opened without one', () => {
	expect(followDates('/analytics/revenue', {})).toBeNull();
	expect(followDates('/analytics/overview', { ...RANGE, chart: 'orders' })).toBeNull();
	const address = followDates('/analytics/revenue', { chart: 'net_revenue' });
	expect(address).not.toBeNull();
	const params = new URLSearchParams((address ?? '').split('?')[1]);
	expect(Object.fromEntries(params)).toEqual({
		page: 'abacus',
		path: '/analytics/revenue',
		chart: 'net_revenue',
		...RANGE,
	});
	// A range in the address wins, and becomes the one kept.
	expect(followDates('/analytics/orders', { period: 'last_month' })).toBeNull();
	expect(followDates('/analytics/taxes', {})).toContain('period=last_month');
	expect(followDates('/analytics/settings', {})).toBeNull();
});

it('opens Revenue from the menu on the range chosen on the Overview', () => {
	document.body.innerHTML = `<ul id="adminmenu">
		<li><a href="admin.php?page=abacus">Overview</a></li>
		<li><a href="admin.php?page=abacus&amp;path=%2Fanalytics%2Frevenue">Revenue</a></li>
		<li><a href="admin.php?page=abacus&amp;path=%2Fanalytics%2Fsettings">Settings</a></li>
		<li><a href="edit.php?post_type=product">Products</a></li>
	</ul>`;
	load(`page=abacus&path=%2Fanalytics%2Foverview&${new URLSearchParams(RANGE).toString()}`);
	const first = render(<Where keepDates />);
	first.unmount();
	const links = () =>
		Array.from(document.querySelectorAll<HTMLAnchorElement>('#adminmenu a')).map(
			(a) => new URL(a.href),
		);
	expect(links()[1].searchParams.get('after')).toBe('2026-09-01');
	expect(links()[0].searchParams.get('before')).toBe('2026-10-31');
	expect(links()[2].searchParams.has('after')).toBe(false);
	expect(links()[3].searchParams.has('after')).toBe(false);

	// WordPress's Revenue link, as it was printed (no range): a new page load.
	load('page=abacus&path=%2Fanalytics%2Frevenue');
	render(<Where keepDates />);
	expect(screen.getByText('/analytics/revenue custom 2026-09-01 2026-10-31')).toBeInTheDocument();
	expect(getQuery()).toMatchObject(RANGE);
	expect(window.location.search).toContain('after=2026-09-01');
});

it('on the standalone server (keepDates off) a range kept is not applied', () => {
	load(`page=abacus&path=%2Fanalytics%2Foverview&${new URLSearchParams(RANGE).toString()}`);
	render(<Where keepDates />).unmount();
	expect(window.sessionStorage.length).toBe(1);
	load('page=abacus&path=%2Fanalytics%2Frevenue');
	render(<Where keepDates={false} />);
	expect(
		screen.getByText('/analytics/revenue undefined undefined undefined'),
	).toBeInTheDocument();
});
