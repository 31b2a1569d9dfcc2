/**
 * @abacus/data public entry: importing it registers every store.
 */
export * from './constants.js';
export {
	getResourceName,
	getResourcePrefix,
	isResourcePrefix,
	getResourceIdentifier,
} from './utils.js';
export { fetchWithHeaders, toWPError } from './fetch.js';
export type { FetchWithHeadersResult } from './fetch.js';
export type {
	RequestState,
	WPError,
	Query,
	WPDataSelectors,
	WPDataActions,
	WPDataSelector,
} from './types.js';
export { setRestRoutes, getRestRoute, DEFAULT_REST_ROUTES } from './rest-routes.js';
export type { RestRoutes } from './rest-routes.js';
export { STORE_NAMES } from './store-names.js';
export type { WCDataStoreName } from './store-names.js';
export { useDataRegistry } from './store-registry.js';
export type {
	AnySelect,
	WCDataStores,
	WCDataStore,
	WCSelectorType,
	WCResolveSelectorType,
	WCDispatchType,
	WCDataSelector,
	WCDataResolveSelector,
	WCDataDispatch,
	WCDataRegistry,
} from './store-registry.js';
export { toRequestState, selectRequestState, toRequestFlags } from './request-state.js';
export type { RequestFlags, RequestStateOptions } from './request-state.js';

export { store as reportsStore, REPORTS_STORE_NAME } from './reports/index.js';
export type { ReportResult, ReportInterval, ReportStatsData } from './reports/index.js';
export { useReportStats, useReportItems } from './reports/hooks.js';
export { selectReportStats, selectReportItems } from './reports/select.js';
export {
	getFilterQuery,
	getRequestQuery,
	getSummaryNumbers,
	getReportChartData,
	getReportTableQuery,
	getReportTableData,
	getLeaderboard,
	searchItemsByString,
	getTooltipValueFormat,
	isReportDataEmpty,
	noIntervalEndpoints,
	hasDateRange,
} from './reports/utils.js';
export type {
	FilterQueryOptions,
	ReportQueryOptions,
	ChartQueryOptions,
	TableQueryOptions,
	SummaryNumbersOptions,
	SummaryNumbers,
	ReportChartData,
	ReportTableData,
	LeaderboardOptions,
	ReportFilter,
	ReportFilterConfig,
	AdvancedFiltersConfig,
} from './reports/utils.js';

export { store as optionsStore, OPTIONS_STORE_NAME } from './options/index.js';
export type { OptionsMap, UpdateOptionsResult } from './options/index.js';
export {
	hydrateOptions,
	useOptions,
	useOptionsHydration,
	withOptionsHydration,
} from './options/hooks.js';

export { store as userStore, USER_STORE_NAME } from './user/index.js';
export type { User } from './user/index.js';
export {
	hydrateCurrentUser,
	useUser,
	useUserPreferences,
	withCurrentUserHydration,
} from './user/hooks.js';
export type {
	UseUserResult,
	UseUserPreferencesResult,
	UpdateUserPreferencesResult,
} from './user/hooks.js';

export { store as settingsStore, SETTINGS_STORE_NAME } from './settings/index.js';
export type { RestSetting } from './settings/index.js';
export {
	hydrateSettings,
	useSettings,
	useSettingsHydration,
	withSettingsHydration,
} from './settings/hooks.js';
export type { UseSettingsResult } from './settings/hooks.js';

export { store as itemsStore, ITEMS_STORE_NAME } from './items/index.js';
export type { Item, ItemId, Product } from './items/index.js';
export { selectItems } from './items/select.js';

export {
	store as pluginsStore,
	PLUGINS_STORE_NAME,
	pluginNames,
	formatErrors,
	formatErrorMessage,
} from './plugins/index.js';
export type {
	Plugin,
	PluginInstallState,
	PaypalOnboardingStatus,
	PluginsResponse,
} from './plugins/index.js';
export { withPluginsHydration } from './plugins/hooks.js';
export type { PluginsHydration } from './plugins/hooks.js';

export {
	store as onboardingStore,
	ONBOARDING_STORE_NAME,
	getProfileItems,
	getTasksStatus,
	getPaymentGatewaySuggestions,
	getOnboardingError,
	isOnboardingRequesting,
} from './onboarding/index.js';
export type {
	OnboardingState,
	ProfileItems,
	TasksStatus,
	PaymentGatewaySuggestion,
} from './onboarding/index.js';
export { withOnboardingHydration } from './onboarding/hooks.js';
export type { OnboardingHydration } from './onboarding/hooks.js';

export { store as notesStore, NOTES_STORE_NAME } from './notes/index.js';
export type { Note, NoteAction } from './notes/index.js';

export { store as reviewsStore, REVIEWS_STORE_NAME } from './reviews/index.js';
export type { Review } from './reviews/index.js';

export {
	store as paymentGatewaysStore,
	PAYMENT_GATEWAYS_STORE_NAME,
} from './payment-gateways/index.js';
export type { PaymentGateway, PaymentGatewaySetting } from './payment-gateways/index.js';

export { store as exportStore, EXPORT_STORE_NAME } from './export/index.js';
export type { ExportArgs, StartExportResponse } from './export/index.js';

export { store as importStore, IMPORT_STORE_NAME } from './import/index.js';
export type { ImportPeriod } from './import/index.js';

export { store as navigationStore, NAVIGATION_STORE_NAME } from './navigation/index.js';
export type { MenuItem } from './navigation/index.js';
export { withNavigationHydration } from './navigation/hooks.js';
