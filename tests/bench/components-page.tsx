/**
 * The page the component benchmark loads in Chromium (served over http by
 * tests/bench/components.js): renders a 365-day, 5-series Chart and a 100-row, 10-column TableCard
 * from generated data and times, with performance marks, each step from the action to the first
 * paint that shows its result:
 * - chartFirstRender: mounting the Chart until its SVG (five lines, full width) is painted;
 * - legendToggle: unchecking a legend checkbox until the chart shows four lines;
 * - tableFirstRender: mounting the TableCard until its 100 rows are painted;
 * - tableSort: choosing a column header until the rows in the new order are painted.
 * It waits for fonts and styles, runs once as a warm-up (not recorded), then `?runs=N` times (7 by
 * default), letting the page go idle between steps. Results go to window.__benchResults (the
 * duration of every recorded run per figure) for tests/bench/components.js to read.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

import { Chart, TableCard, type ChartRow } from '@abacus/components';

type Timings = Record<string, number[]>;
type Order = 'asc' | 'desc';

const MAX_FRAMES = 600;

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Resolves after the frame being produced has been painted (a task queued from rAF runs after it). */
const afterPaint = () =>
	new Promise<void>((resolve) =>
		requestAnimationFrame(() => {
			const channel = new MessageChannel();
			channel.port1.onmessage = () => resolve();
			channel.port2.postMessage(null);
		}),
	);

/** Waits until the main thread is idle (deferred renders done) and two more frames went by. */
async function settle() {
	await new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }));
	await nextFrame();
	await nextFrame();
}

function chartData(): ChartRow[] {
	const start = Date.UTC(2025, 0, 1);
	return Array.from({ length: 365 }, (_, day) => {
		const date = new Date(start + day * 86400000).toISOString().slice(0, 19);
		const row: ChartRow = { date };
		for (let s = 0; s < 5; s++) {
			row[`Series ${s + 1}`] = {
				label: `Series ${s + 1}`,
				value: Math.round(1000 + 500 * Math.sin(day / (10 + s)) + s * 200),
			};
		}
		return row;
	});
}

function tableProps() {
	const headers = Array.from({ length: 10 }, (_, c) => ({
		key: `col${c}`,
		label: `Column ${c + 1}`,
		isSortable: true,
		isNumeric: c > 0,
		defaultSort: c === 0,
	}));
	const rows = Array.from({ length: 100 }, (_, r) =>
		headers.map((_, c) => {
			const value = c === 0 ? `Item ${r + 1}` : ((r * 7919 + c * 104729) % 1000) / 10;
			return { display: String(value), value };
		}),
	);
	return { headers, rows };
}

let measureCount = 0;

/**
 * Marks the start, runs the action (committed synchronously), waits for frames until `isShown`
 * holds, then marks the end after that frame's paint. Returns the measured duration.
 */
async function measure(label: string, action: () => void, isShown: () => boolean) {
	const id = `${label}-${++measureCount}`;
	performance.mark(`${id}:start`);
	flushSync(action);
	let frames = 0;
	while (!isShown()) {
		if (++frames > MAX_FRAMES)
			throw new Error(`${label}: result not shown after ${frames} frames`);
		await nextFrame();
	}
	await afterPaint();
	performance.mark(`${id}:end`);
	return performance.measure(id, `${id}:start`, `${id}:end`).duration;
}

async function runOnce(record: (label: string, duration: number) => void) {
	const data = chartData();
	const table = tableProps();

	const host = document.createElement('div');
	host.style.width = '1200px';
	document.body.appendChild(host);
	const root = createRoot(host);
	const lineCount = () => host.querySelectorAll('.abacus-chart__line').length;
	record(
		'chartFirstRender',
		await measure(
			'chartFirstRender',
			() =>
				root.render(
					<Chart
						data={data}
						title="Net sales"
						interval="day"
						chartType="line"
						legendPosition="top"
					/>,
				),
			() => {
				const svg = host.querySelector('svg.abacus-chart__svg');
				const main = host.querySelector('.abacus-chart__main');
				return (
					lineCount() === 5 &&
					Boolean(svg && main) &&
					Number(svg?.getAttribute('width')) === main?.clientWidth
				);
			},
		),
	);
	await settle();
	const checkbox = host.querySelector<HTMLInputElement>('input[type="checkbox"]');
	if (!checkbox) throw new Error('legend checkbox not found');
	record(
		'legendToggle',
		await measure(
			'legendToggle',
			() => checkbox.click(),
			() => lineCount() === 4,
		),
	);
	await settle();
	root.unmount();
	host.remove();

	const tableHost = document.createElement('div');
	tableHost.style.width = '1200px';
	document.body.appendChild(tableHost);
	const tableRoot = createRoot(tableHost);
	let sort: { orderby: string; order: Order } = { orderby: 'col0', order: 'desc' };
	// Like a report page: the rows of the current sort (from the server there), keyed by position.
	const sorted = () => {
		const index = Number(sort.orderby.slice(3));
		return [...table.rows].sort((a, b) => {
			const av = a[index].value;
			const bv = b[index].value;
			const result = av < bv ? -1 : av > bv ? 1 : 0;
			return sort.order === 'asc' ? result : -result;
		});
	};
	const renderTable = () => {
		tableRoot.render(
			<TableCard
				title="Revenue"
				headers={table.headers}
				rows={sorted()}
				rowsPerPage={100}
				totalRows={100}
				query={sort}
				onQueryChange={() => () => undefined}
				onSort={(key: string, order: Order) => {
					sort = { orderby: key, order };
					renderTable();
				}}
			/>,
		);
	};
	record(
		'tableFirstRender',
		await measure('tableFirstRender', renderTable, () => {
			return tableHost.querySelectorAll('tbody tr').length === 100;
		}),
	);
	await settle();
	const sortButton = [...tableHost.querySelectorAll<HTMLButtonElement>('th button')][3];
	if (!sortButton) throw new Error('sort button not found');
	const firstRowBefore = tableHost.querySelector('tbody tr')?.textContent;
	record(
		'tableSort',
		await measure(
			'tableSort',
			() => sortButton.click(),
			() =>
				sortButton.closest('th')?.getAttribute('aria-sort') === 'descending' &&
				tableHost.querySelector('tbody tr')?.textContent !== firstRowBefore,
		),
	);
	await settle();
	tableRoot.unmount();
	tableHost.remove();
}

async function run(): Promise<Timings> {
	await new Promise<void>((resolve) =>
		document.readyState === 'complete'
			? resolve()
			: window.addEventListener('load', () => resolve(), { once: true }),
	);
	await document.fonts.ready;
	if (![...document.styleSheets].some((sheet) => sheet.href?.endsWith('bench.css')))
		throw new Error('bench.css did not load');
	const runs = Math.max(5, Number(new URLSearchParams(location.search).get('runs')) || 7);
	// Warm-up: code paths compiled and caches filled, like a page that has been open a moment.
	await runOnce(() => undefined);
	const timings: Timings = {};
	for (let i = 0; i < runs; i++) {
		await runOnce((label, duration) => {
			(timings[label] ??= []).push(duration);
		});
	}
	return timings;
}

declare global {
	interface Window {
		__benchResults?: Timings;
		__benchError?: string;
	}
}

run().then(
	(timings) => {
		window.__benchResults = timings;
	},
	(error: unknown) => {
		window.__benchError =
			error instanceof Error ? (error.stack ?? error.message) : String(error);
	},
);
