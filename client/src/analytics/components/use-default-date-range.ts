/**
 * The store's default date range (analytics setting `woocommerce_default_date_range`), from the
 * settings the page preloaded.
 */
import { settingsStore, useSettings, type AnySelect } from '@abacus/data';

export const FALLBACK_DATE_RANGE = 'period=month&compare=previous_year';

/** The default date range in the `wcAdminSettings` setting, else FALLBACK_DATE_RANGE. */
function defaultDateRangeOf(wcAdminSettings: unknown): string {
	const value =
		wcAdminSettings && typeof wcAdminSettings === 'object'
			? (wcAdminSettings as Record<string, unknown>).woocommerce_default_date_range
			: undefined;
	return typeof value === 'string' && value.includes('period=') ? value : FALLBACK_DATE_RANGE;
}

export function useDefaultDateRange(): string {
	const { wcAdminSettings } = useSettings('wc_admin', ['wcAdminSettings']);
	return defaultDateRangeOf(wcAdminSettings);
}

/** The same, inside a `select` (the settings `useDefaultDateRange` reads, by the same call). */
export function selectDefaultDateRange(select: AnySelect): string {
	const settings = (
		select as (store: typeof settingsStore) => {
			getSettingsForGroup: (
				group: string,
				keys: readonly string[],
			) => Record<string, unknown>;
		}
	)(settingsStore);
	return defaultDateRangeOf(
		settings.getSettingsForGroup('wc_admin', ['wcAdminSettings']).wcAdminSettings,
	);
}
