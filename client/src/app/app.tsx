/**
 * The app root: puts the settings the page injected into the data stores, then renders the layout
 * inside an error boundary.
 */
import { useMemo } from 'react';
import { SearchFetcherProvider } from '@abacus/components';
import { useOptionsHydration, useSettingsHydration, withCurrentUserHydration } from '@abacus/data';
import type { AbacusSettings } from '@abacus/settings';

import { Layout } from '../layout/layout.js';
import { searchFetcher } from './api.js';
import { ErrorBoundary } from '../base/error-boundary.js';

interface Props {
	settings: Partial<AbacusSettings>;
}

function Hydrated({ settings }: Props) {
	useOptionsHydration(settings.preloadOptions ?? EMPTY);
	useSettingsHydration('wc_admin', settings as Record<string, unknown>);
	useSettingsHydration('general', settings.preloadSettings?.general ?? EMPTY);
	return <Layout />;
}

const EMPTY: Record<string, unknown> = {};

export function App({ settings }: Props) {
	const Root = useMemo(
		() =>
			withCurrentUserHydration(
				settings.currentUserData ? { ...settings.currentUserData } : null,
			)(Hydrated),
		[settings.currentUserData],
	);
	return (
		<ErrorBoundary>
			<SearchFetcherProvider fetcher={searchFetcher}>
				<Root settings={settings} />
			</SearchFetcherProvider>
		</ErrorBoundary>
	);
}
