export interface OrderStatusProps {
	/** The order; only `status` is read. Required. */
	order: { status: string };
	/** Status key (with or without the 'wc-' prefix) to label. Default {}. */
	orderStatusMap?: Record<string, string>;
	className?: string;
}
