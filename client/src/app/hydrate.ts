/**
 * What the page embedded, put into the data stores before anything asks for it.
 */
import { hydrateCurrentUser, hydrateOptions, hydrateSettings } from '@abacus/data';
import type { AbacusSettings } from '@abacus/settings';

const EMPTY: Record<string, unknown> = {};

/** A data registry (the page's default one, or a RegistryProvider's). */
export type Registry = Parameters<typeof hydrateOptions>[0];

/**
 * Puts what the page embedded into the data stores (each part once: a part read or put there
 * already is left as it is): the current user, the preloaded options, the `wc_admin` settings (the
 * whole of the page's settings) and the `general` group. The app's first script does it before
 * the app is drawn, so that the page's first requests can be asked for at once (start.ts).
 */
export function hydrateApp(settings: Partial<AbacusSettings>, registry: Registry): void {
	if (settings.currentUserData) hydrateCurrentUser(registry, { ...settings.currentUserData });
	hydrateOptions(registry, settings.preloadOptions ?? EMPTY);
	hydrateSettings(registry, 'wc_admin', settings as Record<string, unknown>);
	hydrateSettings(registry, 'general', settings.preloadSettings?.general ?? EMPTY);
}
