/**
 * Where the page runs. Inside wp-admin the plugin injects `abacusSettings.restRoutes` (the routes
 * that differ from the standalone server's); the standalone Abacus server's page has none.
 */

/** Whether the page is the WordPress plugin's (not the standalone Abacus server's). */
export function isInsideWordPress(): boolean {
	return typeof window !== 'undefined' && window.abacusSettings?.restRoutes !== undefined;
}
