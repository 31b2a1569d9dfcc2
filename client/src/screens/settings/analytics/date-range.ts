/**
 * Reads the stored default date range ('period=month&compare=previous_year').
 */
import { periods, presetValues } from '@abacus/date';

export function parseDateRange(value: unknown): { period: string; compare: string } {
	const params = new URLSearchParams(
		typeof value === 'string' ? value.replace(/&amp;/g, '&') : '',
	);
	const period = params.get('period') ?? '';
	const compare = params.get('compare') ?? '';
	return {
		period: presetValues.some((p) => p.value === period && p.value !== 'custom')
			? period
			: 'month',
		compare: periods.some((p) => p.value === compare) ? compare : 'previous_year',
	};
}
