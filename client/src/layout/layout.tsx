/**
 * The wp-admin-like frame: the Analytics menu on the left, a header with breadcrumbs, and the page
 * for the current `path` (each page loads as its own chunk).
 */
import {
	lazy,
	Suspense,
	useCallback,
	useEffect,
	useId,
	useRef,
	useState,
	type ComponentType,
	type KeyboardEvent,
	type LazyExoticComponent,
} from 'react';
import { Button, Spinner } from '@wordpress/components';
import { useRegistry } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { chevronDown } from '@wordpress/icons';
import { Link } from '@abacus/components';
import type { AnySelect } from '@abacus/data';
import { getNewPath, getPersistedQuery } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';

import { ErrorBoundary } from '../base/error-boundary.js';
import { FIRST_VIEW_WAIT_MS, waitForFirstView, type FirstView } from '../base/first-view.js';
import { EngineNotice } from '../engine/notice.js';
import {
	ChooseStore,
	getOperator,
	getSession,
	LogOut,
	isStoreOwnScreen,
	StoreOwnScreen,
	StoreSwitcher,
} from '../engine/operator.js';
import { SavedViewsMenu } from '../analytics/saved-views/index.js';
import { useServedStoreCount } from '../analytics/reports/stores/use-served-stores.js';
import { FavouritesMenu, helperPages } from '../screens/index.js';
import { NotFound } from './not-found.js';
import {
	getBreadcrumbs,
	getMenuEntries,
	matchRoute,
	type AnalysisSlug,
	type ReportSlug,
} from './routes.js';
import { useAppLocation } from './use-location.js';
import { firstReport } from './first-report.js';
import { isInsideWordPress, isInsideWordPressAdmin } from '../base/host.js';
import './style.scss';

/** Props every page receives. */
export interface PageProps {
	path: string;
	query: Record<string, unknown>;
}

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * The query and data registry of the page being drawn: a report's loader asks for its first view
 * with them (set by Layout as it draws the page, before React loads the page's module).
 */
let pageContext: { query: Record<string, unknown>; registry: PageRegistry } | null = null;

type PageRegistry = { select: AnySelect; subscribe: (listener: () => void) => () => void };

type PageModule = { default: ComponentType<PageProps> & { firstView?: FirstView } };

/** A report page with the start of its loading (its module and first view), started once. */
type ReportPage = ComponentType<PageProps> & { start: () => Promise<PageModule> };

/**
 * A report page, its own chunk: once loaded, it waits a short while for the figures of its first
 * view (its default export's `firstView`, base/first-view.ts), so that it is drawn once with them.
 * Started by `startPage` before the app is first drawn (the app is then drawn once, with the page),
 * or by React when it draws the page (through Suspense, after a navigation in the app).
 */
function reportPage(load: () => Promise<PageModule>): ReportPage {
	let started: Promise<PageModule> | null = null;
	let loaded: ComponentType<PageProps> | null = null;
	const start = (): Promise<PageModule> => {
		started ??= (async () => {
			const page = await load();
			const { firstView } = page.default;
			if (firstView && pageContext) {
				const { query, registry } = pageContext;
				await waitForFirstView(
					firstView,
					query,
					FIRST_VIEW_WAIT_MS,
					registry.select,
					registry.subscribe,
				);
			}
			loaded = page.default;
			return page;
		})();
		return started;
	};
	const Lazy = lazy(start);
	function Report(props: PageProps) {
		// Chosen once for the page's life: switching from the lazy page to the module would draw
		// the page anew (and lose what the person changed on it).
		const [Loaded] = useState(() => loaded);
		return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
	}
	return Object.assign(Report, { start });
}

const reportPages: Record<ReportSlug, ReportPage> = {
	revenue: reportPage(
		() =>
			import(
				/* webpackChunkName: "report-revenue" */ '../analytics/reports/revenue/index.js'
			),
	),
	orders: reportPage(
		() =>
			import(/* webpackChunkName: "report-orders" */ '../analytics/reports/orders/index.js'),
	),
	products: reportPage(
		() =>
			import(
				/* webpackChunkName: "report-products" */ '../analytics/reports/products/index.js'
			),
	),
	variations: reportPage(
		() =>
			import(
				/* webpackChunkName: "report-variations" */ '../analytics/reports/variations/index.js'
			),
	),
	categories: reportPage(
		() =>
			import(
				/* webpackChunkName: "report-categories" */ '../analytics/reports/categories/index.js'
			),
	),
	coupons: reportPage(
		() =>
			import(
				/* webpackChunkName: "report-coupons" */ '../analytics/reports/coupons/index.js'
			),
	),
	taxes: reportPage(
		() => import(/* webpackChunkName: "report-taxes" */ '../analytics/reports/taxes/index.js'),
	),
	downloads: reportPage(
		() =>
			import(
				/* webpackChunkName: "report-downloads" */ '../analytics/reports/downloads/index.js'
			),
	),
	stock: reportPage(
		() => import(/* webpackChunkName: "report-stock" */ '../analytics/reports/stock/index.js'),
	),
	'payment-methods': reportPage(
		() =>
			import(
				/* webpackChunkName: "report-payment-methods" */ '../analytics/reports/breakdown/payment-methods.js'
			),
	),
	'shipping-methods': reportPage(
		() =>
			import(
				/* webpackChunkName: "report-shipping-methods" */ '../analytics/reports/breakdown/shipping-methods.js'
			),
	),
	origins: reportPage(
		() =>
			import(
				/* webpackChunkName: "report-origins" */ '../analytics/reports/breakdown/origins.js'
			),
	),
	places: reportPage(
		() =>
			import(
				/* webpackChunkName: "report-places" */ '../analytics/reports/breakdown/places.js'
			),
	),
	customers: reportPage(
		() =>
			import(
				/* webpackChunkName: "report-customers" */ '../analytics/reports/customers/index.js'
			),
	),
	profit: reportPage(
		() =>
			import(/* webpackChunkName: "report-profit" */ '../analytics/reports/profit/index.js'),
	),
};

const analysisPages: Record<AnalysisSlug, Page> = {
	'order-times': lazy(
		() =>
			import(
				/* webpackChunkName: "report-order-times" */ '../analytics/reports/order-times/index.js'
			),
	),
	cohorts: lazy(
		() =>
			import(
				/* webpackChunkName: "report-cohorts" */ '../analytics/reports/cohorts/index.js'
			),
	),
	stores: lazy(
		() =>
			import(/* webpackChunkName: "report-stores" */ '../analytics/reports/stores/index.js'),
	),
};

const ANALYSIS_TITLES: Record<AnalysisSlug, string> = {
	'order-times': __('When orders come', 'abacus'),
	cohorts: __('Cohorts', 'abacus'),
	stores: __('Stores', 'abacus'),
};

const Dashboard: Page = lazy(
	() => import(/* webpackChunkName: "dashboard" */ '../dashboard/index.js'),
);
const Settings: Page = lazy(
	() =>
		import(
			/* webpackChunkName: "analytics-settings" */ '../screens/settings/analytics/index.js'
		),
);

/** The admin helper screens (inbox, reviews, stock, payments, onboarding, settings), each its own chunk. */
const helperScreens: Record<string, Page> = Object.fromEntries(
	helperPages.map((helper) => [helper.path, lazy(helper.load) as unknown as Page]),
);

const REPORT_TITLES: Record<ReportSlug, string> = {
	revenue: __('Revenue', 'abacus'),
	'payment-methods': __('Payment methods', 'abacus'),
	'shipping-methods': __('Shipping methods', 'abacus'),
	origins: __('Order origin', 'abacus'),
	places: __('Places', 'abacus'),
	orders: __('Orders', 'abacus'),
	products: __('Products', 'abacus'),
	variations: __('Variations', 'abacus'),
	categories: __('Categories', 'abacus'),
	coupons: __('Coupons', 'abacus'),
	taxes: __('Taxes', 'abacus'),
	downloads: __('Downloads', 'abacus'),
	stock: __('Stock', 'abacus'),
	customers: __('Customers', 'abacus'),
	profit: __('Profit', 'abacus'),
};

/**
 * The menu drawer's open state: closed again after a navigation, by Escape (focus back on the
 * menu button) or a click outside; opening it moves the focus to its first link.
 */
function useMenuDrawer(routeKey: string) {
	const [isOpen, setOpen] = useState(false);
	const buttonRef = useRef<HTMLButtonElement | null>(null);
	const drawerRef = useRef<HTMLDivElement | null>(null);
	const [openedFor, setOpenedFor] = useState(routeKey);
	if (openedFor !== routeKey) {
		setOpenedFor(routeKey);
		if (isOpen) {
			setOpen(false);
		}
	}
	useEffect(() => {
		if (isOpen) {
			drawerRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
		}
	}, [isOpen]);
	const close = useCallback((returnFocus: boolean) => {
		setOpen(false);
		if (returnFocus) {
			buttonRef.current?.focus();
		}
	}, []);
	const onKeyDown = useCallback(
		(event: KeyboardEvent) => {
			if (isOpen && event.key === 'Escape') {
				event.stopPropagation();
				close(true);
			}
		},
		[isOpen, close],
	);
	return { isOpen, setOpen, close, buttonRef, drawerRef, onKeyDown };
}

/**
 * Starts the current page's loading before the app is first drawn (index.tsx): a report page's
 * module and the requests of its first view, asked for with the page's first location as Layout
 * reads it. The promise settles once the page can be drawn with its figures (or has failed, which
 * shows where React draws it); null when the page is no report (or the engine's page waits for a
 * store to be chosen).
 */
export function startPage(registry: PageRegistry): Promise<unknown> | null {
	const page = firstReport();
	if (!page) return null;
	pageContext = { query: page.query, registry };
	return reportPages[page.report].start().catch(() => undefined);
}

export function Layout() {
	const registry = useRegistry();
	// Inside wp-admin the date range follows the person between WordPress's menu links.
	const { path, query } = useAppLocation({ keepDates: isInsideWordPress() });
	const [insideWordPress] = useState(isInsideWordPressAdmin);
	// The engine's own page lists the Stores report when it serves several stores.
	const servedStores = useServedStoreCount(!insideWordPress);
	const drawerId = useId();
	const route = matchRoute(path);
	const helper =
		route.page === 'not-found' ? helperPages.find((h) => h.path === route.path) : undefined;
	const breadcrumbs = helper
		? helper.breadcrumbs
		: getBreadcrumbs(
				route,
				route.page === 'report'
					? REPORT_TITLES[route.report]
					: route.page === 'analysis'
						? ANALYSIS_TITLES[route.analysis]
						: undefined,
				// WordPress's menu entry for the plugin is named "Abacus" (plugin.php).
				insideWordPress ? __('Abacus', 'abacus') : undefined,
			);
	const persisted = getPersistedQuery(query as NavQuery) as Record<string, unknown>;
	const drawer = useMenuDrawer(`${route.path}?${JSON.stringify(query)}`);

	const savedViews = (
		<ErrorBoundary>
			<SavedViewsMenu current={{ path: route.path, query }} />
		</ErrorBoundary>
	);

	useEffect(() => {
		const appName = __('Abacus', 'abacus');
		const names = breadcrumbs[0] === appName ? breadcrumbs.slice(1) : breadcrumbs;
		document.title = `${names.join(' ‹ ')} ‹ ${appName}`;
	}, [breadcrumbs]);

	// The engine's own page on a multi-store engine: a store's screens wait for a chosen store.
	const operator = insideWordPress ? null : getOperator();
	const session = insideWordPress ? null : getSession();
	const needsStore =
		operator !== null &&
		operator.store === null &&
		!(route.page === 'analysis' && route.analysis === 'stores');
	// Its helper screens that manage the live store are not offered there (see StoreOwnScreen).
	const storeOwn = operator !== null && helper !== undefined && isStoreOwnScreen(helper.path);
	const menuHelpers = operator
		? helperPages.filter((h) => !isStoreOwnScreen(h.path))
		: helperPages;

	let Page: ComponentType<PageProps> | null = null;
	if (route.page === 'report') {
		pageContext = { query, registry: registry as unknown as PageRegistry };
		Page = reportPages[route.report];
	} else if (route.page === 'analysis') {
		Page = analysisPages[route.analysis];
	} else if (route.page === 'dashboard') {
		Page = Dashboard;
	} else if (route.page === 'settings') {
		Page = Settings;
	} else if (helper) {
		Page = helperScreens[helper.path];
	}

	return (
		<div
			className={[
				'abacus-layout',
				insideWordPress ? 'is-inside-wordpress' : '',
				drawer.isOpen ? 'is-menu-open' : '',
			]
				.filter(Boolean)
				.join(' ')}
			// Escape anywhere in the frame closes the open menu.
			onKeyDown={drawer.onKeyDown}
		>
			{drawer.isOpen && (
				<div
					className="abacus-layout__backdrop"
					aria-hidden="true"
					onClick={() => drawer.close(false)}
				/>
			)}
			{!insideWordPress && (
				<div className="abacus-layout__sidebar" id={drawerId} ref={drawer.drawerRef}>
					<nav
						className="abacus-layout__menu"
						aria-label={__('Analytics menu', 'abacus')}
					>
						<p className="abacus-layout__menu-title">{__('Analytics', 'abacus')}</p>
						<ul>
							{getMenuEntries({ storeGroup: servedStores > 1 }).map((entry) => {
								const isCurrent = matchRoute(entry.path).path === route.path;
								const href = getNewPath(
									entry.keepsTimeQuery ? persisted : {},
									entry.path,
									{},
									'abacus',
								);
								return (
									<li
										key={entry.path}
										className={isCurrent ? 'is-current' : undefined}
									>
										<Link
											href={href}
											type="wc-admin"
											aria-current={isCurrent ? 'page' : undefined}
										>
											{entry.label}
										</Link>
									</li>
								);
							})}
						</ul>
					</nav>
					<div className="abacus-layout__saved-views">{savedViews}</div>
					<div className="abacus-layout__store-menu">
						<ErrorBoundary>
							<Suspense fallback={null}>
								<FavouritesMenu
									othersLabel={__('Store', 'abacus')}
									items={menuHelpers.map((h) => ({
										id: `abacus${h.path.replace(/\//g, '-')}`,
										title: h.title,
										href: getNewPath(
											operator?.store
												? { store: String(operator.store) }
												: {},
											h.path,
											{},
											'abacus',
										),
									}))}
								/>
							</Suspense>
						</ErrorBoundary>
					</div>
				</div>
			)}
			<div className="abacus-layout__main">
				<header className="abacus-layout__header">
					{!insideWordPress && (
						<Button
							ref={drawer.buttonRef}
							className="abacus-layout__menu-button"
							variant="secondary"
							aria-expanded={drawer.isOpen}
							aria-controls={drawerId}
							onClick={() => drawer.setOpen(!drawer.isOpen)}
						>
							{__('Menu', 'abacus')}
						</Button>
					)}
					<nav aria-label={__('Breadcrumbs', 'abacus')}>
						<ol className="abacus-layout__breadcrumbs">
							{breadcrumbs.map((crumb, index) => (
								<li
									key={crumb}
									aria-current={
										index === breadcrumbs.length - 1 ? 'page' : undefined
									}
								>
									{crumb}
								</li>
							))}
						</ol>
					</nav>
					{operator && (
						<StoreSwitcher
							operator={operator}
							path={route.path}
							query={query as NavQuery}
						/>
					)}
					{session && <LogOut session={session} />}
					{insideWordPress && (
						// WordPress's menu navigates; saved views stay one click away in a dropdown.
						<div className="abacus-layout__views-dropdown">
							<Button
								ref={drawer.buttonRef}
								className="abacus-layout__views-button"
								variant="secondary"
								icon={chevronDown}
								iconPosition="right"
								aria-expanded={drawer.isOpen}
								aria-controls={drawerId}
								onClick={() => drawer.setOpen(!drawer.isOpen)}
							>
								{__('Saved views', 'abacus')}
							</Button>
							<div
								className="abacus-layout__views-panel"
								id={drawerId}
								ref={drawer.drawerRef}
								hidden={!drawer.isOpen}
							>
								{savedViews}
							</div>
						</div>
					)}
				</header>
				<main className="abacus-layout__content">
					<h1 className="screen-reader-text">{breadcrumbs[breadcrumbs.length - 1]}</h1>
					<EngineNotice />
					<ErrorBoundary resetKey={route.path}>
						<Suspense
							fallback={
								<div className="abacus-layout__loading" aria-live="polite">
									<Spinner />
									<span className="screen-reader-text">
										{__('Loading…', 'abacus')}
									</span>
								</div>
							}
						>
							{storeOwn && operator && helper ? (
								<StoreOwnScreen
									operator={operator}
									path={helper.path}
									title={helper.title}
								/>
							) : needsStore && operator ? (
								<ChooseStore
									operator={operator}
									path={route.path}
									query={query as NavQuery}
								/>
							) : Page ? (
								<Page path={route.path} query={query} />
							) : (
								<NotFound path={route.path} />
							)}
						</Suspense>
					</ErrorBoundary>
				</main>
			</div>
		</div>
	);
}
