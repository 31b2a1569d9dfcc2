/**
 * Gallery sections for the report building blocks, each in its states (loading, empty, comparison).
 */
import { useState } from 'react';

import {
	Card,
	Chart,
	ChartPlaceholder,
	EmptyContent,
	EmptyTable,
	Pagination,
	SummaryList,
	SummaryListPlaceholder,
	SummaryNumber,
	TableCard,
	type ChartRow,
} from '@abacus/components';

import type { GallerySection } from './types.js';

const money = (n: number) =>
	`$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function series(days: number, keys: string[]): ChartRow[] {
	const start = Date.UTC(2026, 9, 1);
	return Array.from({ length: days }, (_, day) => {
		const row: Record<string, unknown> = {
			date: new Date(start + day * 86400000).toISOString().slice(0, 19),
		};
		keys.forEach((key, i) => {
			row[key] = {
				label: key,
				value: Math.round(800 + 400 * Math.sin(day / (4 + i)) + i * 150),
			};
		});
		return row as ChartRow;
	});
}

const headers = [
	{ key: 'date', label: 'Date', isSortable: true, defaultSort: true, required: true },
	{ key: 'orders', label: 'Orders', isSortable: true, isNumeric: true },
	{ key: 'net', label: 'Net sales', isSortable: true, isNumeric: true },
];
const rows = Array.from({ length: 8 }, (_, i) => [
	{ display: `10/0${i + 1}/2026`, value: `2026-10-0${i + 1}` },
	{ display: String(20 + i), value: 20 + i },
	{ display: money(1000 + i * 37.5), value: 1000 + i * 37.5 },
]);

function SortableTable() {
	const [query, setQuery] = useState<Record<string, string>>({
		orderby: 'date',
		order: 'desc',
		paged: '1',
	});
	const sorted = [...rows].sort((a, b) => {
		const index = headers.findIndex((h) => h.key === query.orderby);
		const result =
			Number(a[index].value > b[index].value) - Number(a[index].value < b[index].value);
		return query.order === 'asc' ? result : -result;
	});
	return (
		<TableCard
			title="Revenue"
			headers={headers}
			rows={sorted}
			rowsPerPage={25}
			totalRows={rows.length}
			query={query}
			onSort={(orderby, order) => setQuery({ ...query, orderby, order })}
			summary={[
				{ label: 'orders', value: '188' },
				{ label: 'net sales', value: money(9050) },
			]}
			hasDownload
		/>
	);
}

function PagedDemo() {
	const [page, setPage] = useState(2);
	const [perPage, setPerPage] = useState(25);
	return (
		<Pagination
			page={page}
			perPage={perPage}
			total={240}
			onPageChange={setPage}
			onPerPageChange={setPerPage}
		/>
	);
}

export const reportSections: GallerySection[] = [
	{
		title: 'Chart',
		states: {
			'time comparison': (
				<Chart
					title="Net sales"
					data={series(30, ['Month to date', 'Previous year'])}
					interval="day"
					valueType="currency"
					formatCurrency={money}
					showHeaderControls={false}
				/>
			),
			'item comparison, bars': (
				<Chart
					title="Items sold"
					mode="item-comparison"
					chartType="bar"
					data={series(12, ['Hoodie', 'Beanie', 'Cap'])}
					interval="day"
					showHeaderControls={false}
				/>
			),
			loading: <Chart title="Orders" data={[]} isRequesting showHeaderControls={false} />,
			empty: (
				<Chart
					title="Orders"
					data={series(7, ['Orders']).map((r) => ({
						date: r.date,
						Orders: { label: 'Orders', value: null },
					}))}
					showHeaderControls={false}
				/>
			),
			placeholder: <ChartPlaceholder height={200} />,
		},
	},
	{
		title: 'TableCard',
		states: {
			'sortable with summary': <SortableTable />,
			loading: (
				<TableCard
					title="Orders"
					headers={headers}
					rows={[]}
					rowsPerPage={25}
					totalRows={0}
					isLoading
				/>
			),
			empty: (
				<TableCard
					title="Coupons"
					headers={headers}
					rows={[]}
					rowsPerPage={25}
					totalRows={0}
				/>
			),
			'empty table alone': <EmptyTable numberOfRows={3} />,
		},
	},
	{ title: 'Pagination', states: { 'page 2 of 10': <PagedDemo /> } },
	{
		title: 'SummaryList',
		states: {
			tiles: (
				<SummaryList>
					{() => [
						<SummaryNumber
							key="a"
							label="Net sales"
							value={money(134964.28)}
							prevValue={money(112296.55)}
							prevLabel="Previous year:"
							delta={20}
							selected
						/>,
						<SummaryNumber
							key="b"
							label="Returns"
							value={money(8631.72)}
							prevValue={money(4795.7)}
							prevLabel="Previous year:"
							delta={80}
							reverseTrend
						/>,
						<SummaryNumber
							key="c"
							label="Orders"
							prevLabel="Previous year:"
							definition="Orders placed in the period, refunds excluded."
						/>,
					]}
				</SummaryList>
			),
			loading: <SummaryListPlaceholder numberOfItems={4} />,
		},
	},
	{
		title: 'Card and EmptyContent',
		states: {
			card: (
				<Card title="Top products" description="By items sold">
					<p style={{ padding: 16 }}>Card body</p>
				</Card>
			),
			'error with retry': (
				<EmptyContent
					title="There was an error getting your stats."
					message="Please try again."
					actionLabel="Retry"
					actionCallback={() => undefined}
					illustration=""
				/>
			),
			empty: (
				<EmptyContent
					title="No data for the selected date range"
					actionLabel="Change the date range"
					actionURL="#"
					secondaryActionLabel="Learn more"
					secondaryActionURL="#"
				/>
			),
		},
	},
];
