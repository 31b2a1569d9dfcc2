/**
 * The app root: puts the settings the page injected into the data stores, then renders the layout
 * inside an error boundary.
 */
import { useMemo } from 'react';
import { useRegistry } from '@wordpress/data';
import { SearchFetcherProvider } from '@abacus/components';
import { hydrateCurrentUser, hydrateOptions, hydrateSettings } from '@abacus/data';
import type { AbacusSettings } from '@abacus/settings';

import { Layout } from '../layout/layout.js';
import { searchFetcher } from './api.js';
import { ErrorBoundary } from '../base/error-boundary.js';

interface Props {
	settings: Partial<AbacusSettings>;
}

const EMPTY: Record<string, unknown> = {};

/** A data registry (the page's default one, or a RegistryProvider's). */
type Registry = Parameters<typeof hydrateOptions>[0];

/**
 * Puts what the page embedded into the data stores (each part once: a part read or put there
 * already is left as it is): the current user, the preloaded options, the `wc_admin` settings (the
 * whole of the page's settings) and the `general` group. The app's entry does it before the app is
 * drawn, so that the page's first requests can be asked for at once (layout.tsx, startPage).
 */
export function hydrateApp(settings: Partial<AbacusSettings>, registry: Registry): void {
	if (settings.currentUserData) hydrateCurrentUser(registry, { ...settings.currentUserData });
	hydrateOptions(registry, settings.preloadOptions ?? EMPTY);
	hydrateSettings(registry, 'wc_admin', settings as Record<string, unknown>);
	hydrateSettings(registry, 'general', settings.preloadSettings?.general ?? EMPTY);
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
