/**
 * The store's default date range (analytics setting `woocommerce_default_date_range`), from the
 * settings the page preloaded.
 */
import { useSettings } from '@abacus/data';

export const FALLBACK_DATE_RANGE = 'period=month&compare=previous_year';

export function useDefaultDateRange(): string {
	const { wcAdminSettings } = useSettings('wc_admin', ['wcAdminSettings']);
	const value =
		wcAdminSettings && typeof wcAdminSettings === 'object'
			? (wcAdminSettings as Record<string, unknown>).woocommerce_default_date_range
			: undefined;
	return typeof value === 'string' && value.includes('period=') ? value : FALLBACK_DATE_RANGE;
}
