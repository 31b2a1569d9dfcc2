import { __ } from '@wordpress/i18n';

export interface ChartPlaceholderProps {
	/** Height in pixels; 0 uses the stylesheet's. Default 0. */
	height?: number;
}

/** The chart's loading shape, with the loading message for screen readers. */
export function ChartPlaceholder({ height = 0 }: ChartPlaceholderProps) {
	return (
		<div
			className="abacus-chart-placeholder is-loading"
			style={height ? { height } : undefined}
		>
			<span className="screen-reader-text" role="status">
				{__('Your requested data is loading', 'abacus')}
			</span>
		</div>
	);
}
