/**
 * The data the report chart draws (issue 18): every comparison interval is a point, even when the
 * comparison has one more interval than the current period; a single variable product draws one
 * line per variation with the table's totals; the current period's intervals still to come have no
 * value.
 */
import {
	getItemComparisonRows,
	getItemSeries,
	getItemTotals,
	getTimeComparisonRows,
} from '../report-chart.js';
import type { ChartRow } from '@abacus/components';

const interval = (date_start: string, value: number, segments?: unknown[]) => ({
	date_start,
	subtotals: { net_revenue: value, ...(segments ? { segments } : {}) } as Record<
		string,
		unknown
	> & {
		segments?: Array<{
			segment_id: number;
			segment_label?: string;
			subtotals: Record<string, unknown>;
		}>;
	},
});

/** The values of one series, row by row. */
const valuesOf = (rows: ChartRow[], key: string) =>
	rows.map((row) => {
		const cell = row[key];
		return typeof cell === 'object' ? cell.value : undefined;
	});

describe('getTimeComparisonRows', () => {
	// Current: Tue Nov 4 – Wed Nov 12 (2 weeks); previous: Sun Oct 26 – Mon Nov 3 (3 weeks).
	const current = [interval('2025-11-04 00:00:00', 100), interval('2025-11-10 00:00:00', 50)];
	const previous = [
		interval('2025-10-26 00:00:00', 10),
		interval('2025-10-27 00:00:00', 70),
		interval('2025-11-03 00:00:00', 20),
	];

	it('draws the comparison interval that has no current counterpart', () => {
		const rows = getTimeComparisonRows(current, previous, 'net_revenue', 'Current', 'Previous');
		expect(rows.map((row) => row.date)).toEqual([
			'2025-11-04T00:00:00',
			'2025-11-10T00:00:00',
			'2025-11-17T00:00:00',
		]);
		const values = (key: string) => valuesOf(rows, key);
		expect(values('Current')).toEqual([100, 50, null]);
		expect(values('Previous')).toEqual([10, 70, 20]);
		// The sum of the drawn comparison points is the comparison period's total.
		expect((values('Previous') as number[]).reduce((a, b) => a + b, 0)).toBe(100);
		const extra = rows[2].Previous;
		expect(typeof extra === 'object' && extra.labelDate).toBe('2025-11-03T00:00:00');
	});

	it('leaves the comparison empty where it has fewer intervals', () => {
		const rows = getTimeComparisonRows(previous, current, 'net_revenue', 'Current', 'Previous');
		expect(rows).toHaveLength(3);
		const last = rows[2].Previous;
		expect(typeof last === 'object' && last.value).toBeNull();
	});

	it('draws nothing without current intervals', () => {
		expect(getTimeComparisonRows([], previous, 'net_revenue', 'A', 'B')).toEqual([]);
	});

	it('leaves out the current period’s hours still to come, not the comparison’s', () => {
		// Today by hour at 06:05: 06:00 is running, 07:00 and 08:00 have not come.
		const today = ['05', '06', '07', '08'].map((h) => interval(`2026-12-02 ${h}:00:00`, 0));
		today[0].subtotals.net_revenue = 40;
		today[1].subtotals.net_revenue = 12;
		const yesterday = ['05', '06', '07', '08'].map((h) =>
			interval(`2026-12-01 ${h}:00:00`, 30),
		);
		const rows = getTimeComparisonRows(
			today,
			yesterday,
			'net_revenue',
			'Today',
			'Yesterday',
			'2026-12-02T06:05:00',
		);
		const values = (key: string) => valuesOf(rows, key);
		expect(values('Today')).toEqual([40, 12, null, null]);
		expect(values('Yesterday')).toEqual([30, 30, 30, 30]);
		// Without the time, every interval is drawn (zeros included).
		expect(
			valuesOf(
				getTimeComparisonRows(today, yesterday, 'net_revenue', 'Today', 'Yesterday'),
				'Today',
			),
		).toEqual([40, 12, 0, 0]);
	});
});

describe('variation segments', () => {
	const seg = (id: number, label: string, net: number) => ({
		segment_id: id,
		segment_label: label,
		subtotals: { net_revenue: net, items_sold: net / 10, orders_count: net / 10 },
	});
	const totals = {
		net_revenue: 300,
		segments: [
			seg(0, 'Hoodie', 0),
			seg(11, 'Hoodie - Blue', 200),
			seg(12, 'Hoodie - Red', 100),
		],
	};
	const intervals = [
		interval('2025-11-01 00:00:00', 120, [
			seg(0, 'Hoodie', 0),
			seg(11, 'Hoodie - Blue', 100),
			seg(12, 'Hoodie - Red', 20),
		]),
		interval('2025-11-02 00:00:00', 180, [
			seg(0, 'Hoodie', 0),
			seg(11, 'Hoodie - Blue', 100),
			seg(12, 'Hoodie - Red', 80),
		]),
	];

	it('draws one series per variation, named by the variation, without an empty parent', () => {
		const series = getItemSeries(totals, intervals, 'variation');
		expect(series.map((s) => s.label)).toEqual(['Hoodie - Blue', 'Hoodie - Red']);
		const rows = getItemComparisonRows(intervals, series, 'net_revenue');
		expect(rows[1]['Hoodie - Red']).toEqual({ label: 'Hoodie - Red', value: 80 });
		// On November 1 the 2nd has not come: no item has a value there.
		const early = getItemComparisonRows(
			intervals,
			series,
			'net_revenue',
			'2025-11-01T18:00:00',
		);
		expect(early[0]['Hoodie - Red']).toEqual({ label: 'Hoodie - Red', value: 20 });
		expect(early[1]['Hoodie - Red']).toEqual({ label: 'Hoodie - Red', value: null });
		expect(early[1]['Hoodie - Blue']).toEqual({ label: 'Hoodie - Blue', value: null });
		expect(getItemTotals(totals, series, 'net_revenue')).toEqual({
			'Hoodie - Blue': 200,
			'Hoodie - Red': 100,
		});
	});

	it('leaves out a variation without sales, as the table does', () => {
		const withIdle = {
			...totals,
			segments: [...totals.segments, seg(13, 'Hoodie - Green', 0)],
		};
		expect(getItemSeries(withIdle, intervals, 'variation').map((s) => s.label)).toEqual([
			'Hoodie - Blue',
			'Hoodie - Red',
		]);
		// Compared products keep every product asked for.
		expect(getItemSeries(withIdle, intervals, 'product')).toHaveLength(4);
	});

	it('keeps the parent when sales were recorded without a variation', () => {
		const withParent = {
			...totals,
			segments: [seg(0, 'Hoodie', 30), ...totals.segments.slice(1)],
		};
		expect(getItemSeries(withParent, intervals, 'variation').map((s) => s.label)).toEqual([
			'Hoodie',
			'Hoodie - Blue',
			'Hoodie - Red',
		]);
	});

	it('keeps two variations with the same name apart', () => {
		const same = { segments: [seg(11, 'Hoodie - Blue', 1), seg(12, 'Hoodie - Blue', 2)] };
		expect(getItemSeries(same, [], 'variation').map((s) => s.label)).toEqual([
			'Hoodie - Blue',
			'Hoodie - Blue (#12)',
		]);
	});
});
