/**
 * How a value of a metric type is written in a chart's tooltip: money through the store's currency
 * formatter, the other types as a d3-format specifier. Beside the value types it maps; the chart
 * (`@abacus/components`) and `@abacus/data` re-export it.
 */
export function getTooltipValueFormat(
	type: string,
	formatAmount: (value: number) => string,
): string | ((value: number) => string) {
	switch (type) {
		case 'currency':
			return formatAmount;
		case 'percent':
			return '.0%';
		case 'number':
			return ',';
		case 'average':
			return ',.2r';
		default:
			return ',';
	}
}
