import clsx from 'clsx';

import './style.scss';
import type { OrderStatusProps } from './types.js';

/** An order status: a coloured indicator with the status label. */
export function OrderStatus({ order, orderStatusMap = {}, className }: OrderStatusProps) {
	const status = order.status.replace(/^wc-/, '');
	const label = orderStatusMap[status] ?? orderStatusMap[`wc-${status}`] ?? status;
	return (
		<div className={clsx('abacus-order-status', className)}>
			<span
				className={clsx('abacus-order-status__indicator', `is-${status}`)}
				aria-hidden="true"
			/>
			{label}
		</div>
	);
}
