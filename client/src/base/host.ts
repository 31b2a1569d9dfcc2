/**
 * Where the page runs. Inside wp-admin the plugin injects `abacusSettings.restRoutes` (the routes
 * that differ from the standalone server's); the standalone Abacus server's page has none.
 */

/** Whether the page is the WordPress plugin's (not the standalone Abacus server's). */
export function isInsideWordPress(): boolean {
	return typeof window !== 'undefined' && window.abacusSettings?.restRoutes !== undefined;
}

/**
 * Whether the app runs inside WordPress's own admin page (the plugin): WordPress's admin menu is
 * then on the page and navigates, so the app shows no Analytics menu of its own.
 */
export function isInsideWordPressAdmin(): boolean {
	return typeof document !== 'undefined' && document.getElementById('adminmenumain') !== null;
}
