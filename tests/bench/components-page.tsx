/**
 * The page the component benchmark loads in Chromium: renders a 365-day, 5-series Chart and a
 * 100-row, 10-column TableCard from generated data and records how long each step takes to paint.
 * Results go to window.__benchResults for tests/bench/components.js to read.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

import { Chart, TableCard } from '@abacus/components';

type Timings = Record<string, number[]>;

const nextPaint = () =>
	new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function chartData() {
	const start = Date.UTC(2025, 0, 1);
	return Array.from({ length: 365 }, (_, day) => {
		const date = new Date(start + day * 86400000).toISOString().slice(0, 19);
		const row: Record<string, unknown> = { date };
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
		headers.map((h, c) => {
			const value = c === 0 ? `Item ${r + 1}` : ((r * 7919 + c * 104729) % 1000) / 10;
			return { display: String(value), value };
		}),
	);
	return { headers, rows };
}

async function measure(label: string, timings: Timings, action: () => void) {
	const t0 = performance.now();
	flushSync(action);
	await nextPaint();
	(timings[label] ??= []).push(performance.now() - t0);
}

async function run(): Promise<Timings> {
	const timings: Timings = {};
	const data = chartData();
	const table = tableProps();
	for (let i = 0; i < 7; i++) {
		const host = document.createElement('div');
		host.style.width = '1200px';
		document.body.appendChild(host);
		const root: Root = createRoot(host);
		await measure('chartFirstRender', timings, () =>
			root.render(
				<Chart
					data={data}
					title="Net sales"
					interval="day"
					chartType="line"
					legendPosition="top"
				/>,
			),
		);
		const checkbox = host.querySelector<HTMLInputElement>('input[type="checkbox"]');
		if (checkbox) await measure('legendToggle', timings, () => checkbox.click());
		root.unmount();
		host.remove();

		const tableHost = document.createElement('div');
		document.body.appendChild(tableHost);
		const tableRoot = createRoot(tableHost);
		let sort = { orderby: 'col0', order: 'desc' };
		const renderTable = () =>
			tableRoot.render(
				<TableCard
					title="Revenue"
					headers={table.headers}
					rows={[...table.rows].sort((a, b) => {
						const index = Number(sort.orderby.slice(3));
						const av = a[index].value;
						const bv = b[index].value;
						const result = av < bv ? -1 : av > bv ? 1 : 0;
						return sort.order === 'asc' ? result : -result;
					})}
					rowsPerPage={100}
					totalRows={100}
					query={sort}
					onSort={(key: string, order: string) => {
						sort = { orderby: key, order };
						flushSync(renderTable);
					}}
				/>,
			);
		await measure('tableFirstRender', timings, renderTable);
		const sortButton = [...tableHost.querySelectorAll<HTMLButtonElement>('th button')][3];
		if (sortButton) await measure('tableSort', timings, () => sortButton.click());
		tableRoot.unmount();
		tableHost.remove();
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
		window.__benchError = String(error);
	},
);
