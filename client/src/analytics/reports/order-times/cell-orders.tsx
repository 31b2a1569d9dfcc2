/**
 * The orders behind a picked cell (a heat-map cell, a cohort cell): a titled table of the orders,
 * one page at a time with the count and previous/next, an error with Retry. Shared by "When orders
 * come" and Cohorts, whose order routes answer the same row shape.
 */
import { Button, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { getColumn, getMetric, type ColumnKey } from '@abacus/metrics';

import type { useReportContext } from '../../components/use-report-context.js';
import { Failure, type Load } from './request.js';

export interface CellOrder {
	order_id: number;
	order_number: string;
	date: string;
	status: string;
	customer_name: string;
	num_items_sold: number;
	net_total: number;
}

export const PER_PAGE = 10;

const label = (key: 'num_items_sold' | 'net_revenue'): string => getMetric('orders', key).label;
const heading = (key: ColumnKey<'order-times'>): string => getColumn('order-times', key).label;

export function CellOrders({
	request,
	title,
	empty,
	page,
	onPage,
	context,
	onRetry,
}: {
	request: Load<CellOrder[]>;
	title: string;
	/** Said when the picked cell holds no orders. */
	empty: string;
	page: number;
	onPage: (page: number) => void;
	context: ReturnType<typeof useReportContext>;
	onRetry: () => void;
}) {
	const statuses = context.orderStatuses;
	return (
		<section className="abacus-order-times__orders" aria-labelledby="abacus-cell-orders">
			<h2 id="abacus-cell-orders">{title}</h2>
			{request.state === 'loading' ? <Spinner /> : null}
			{request.state === 'error' ? (
				<Failure message={request.message} onRetry={onRetry} />
			) : null}
			{request.state === 'ready' && request.data.length === 0 ? <p>{empty}</p> : null}
			{request.state === 'ready' && request.data.length > 0 ? (
				<>
					<div className="abacus-order-times__orders-scroll">
						<table className="abacus-order-times__orders-table">
							<caption className="screen-reader-text">{title}</caption>
							<thead>
								<tr>
									<th scope="col">{heading('date')}</th>
									<th scope="col">{heading('order_number')}</th>
									<th scope="col">{heading('status')}</th>
									<th scope="col">{heading('customer')}</th>
									<th scope="col" className="is-numeric">
										{label('num_items_sold')}
									</th>
									<th scope="col" className="is-numeric">
										{label('net_revenue')}
									</th>
								</tr>
							</thead>
							<tbody>
								{request.data.map((order) => (
									<tr key={order.order_id}>
										<td>
											{context.formatDate(order.date)}{' '}
											{order.date.slice(11, 16)}
										</td>
										<td>{order.order_number}</td>
										<td>
											{statuses[order.status] ??
												statuses[`wc-${order.status}`] ??
												order.status}
										</td>
										<td>{order.customer_name || __('Guest', 'abacus')}</td>
										<td className="is-numeric">
											{context.formatNumber(order.num_items_sold)}
										</td>
										<td className="is-numeric">
											{context.formatAmount(order.net_total)}
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
					<div className="abacus-order-times__pages">
						<span>
							{sprintf(
								/* translators: 1: first shown, 2: last shown, 3: total */
								__('%1$d–%2$d of %3$d orders', 'abacus'),
								(page - 1) * PER_PAGE + 1,
								(page - 1) * PER_PAGE + request.data.length,
								request.total ?? request.data.length,
							)}
						</span>
						<Button
							variant="secondary"
							disabled={page <= 1}
							onClick={() => onPage(page - 1)}
						>
							{__('Previous page', 'abacus')}
						</Button>
						<Button
							variant="secondary"
							disabled={page * PER_PAGE >= (request.total ?? 0)}
							onClick={() => onPage(page + 1)}
						>
							{__('Next page', 'abacus')}
						</Button>
					</div>
				</>
			) : null}
		</section>
	);
}
