/**
 * The app root: puts the settings the page injected into the data stores, then renders the layout
 * inside an error boundary.
 */
import { useMemo } from 'react';
import { useRegistry } from '@wordpress/data';
import { SearchFetcherProvider } from '@abacus/components';
import type { AbacusSettings } from '@abacus/settings';

import { Layout } from '../layout/layout.js';
import { searchFetcher } from './api.js';
import { hydrateApp, type Registry } from './hydrate.js';
import { ErrorBoundary } from '../base/error-boundary.js';

interface Props {
	settings: Partial<AbacusSettings>;
}

function Hydrated({ settings }: Props) {
	const registry = useRegistry();
	useMemo(() => hydrateApp(settings, registry as unknown as Registry), [settings, registry]);
	return <Layout />;
}

export function App({ settings }: Props) {
	return (
		<ErrorBoundary>
			<SearchFetcherProvider fetcher={searchFetcher}>
				<Hydrated settings={settings} />
			</SearchFetcherProvider>
		</ErrorBoundary>
	);
}
