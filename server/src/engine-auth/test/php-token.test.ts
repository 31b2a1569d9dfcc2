/**
 * The plugin's PHP signer (php/engine.php) and the engine's verifier agree: a token signed in PHP
 * verifies here, for the store and user it names, and a changed secret or store does not.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { EDIT_COSTS_SCOPE, hasScope, readClaims, verifyEngineToken } from '../index.js';

/** The engine address saved in the plugin's settings (the tokens' audience). */
const ENGINE = 'https://analytics.example:8443';
const ENGINE_PHP = path.resolve(__dirname, '../../../../php/engine.php');
const hasPhp = existsSync('/usr/bin/php');
const itWithPhp = hasPhp ? it : it.skip;

/** Runs php/engine.php with the few WordPress functions it calls stubbed; returns the output. */
function php(code: string, options: Record<string, unknown>): string {
	const script = `
define( 'ABSPATH', '/' );
define( 'MINUTE_IN_SECONDS', 60 );
define( 'ABACUS_REST_NAMESPACE', 'abacus/v1' );
$GLOBALS['abacus_test_options'] = json_decode( $argv[1], true );
function add_action() {}
function __( $text ) { return $text; }
function home_url() { return 'http://127.0.0.1:18431/'; }
function untrailingslashit( $value ) { return rtrim( $value, '/\\\\' ); }
function get_current_user_id() { return 7; }
function wp_json_encode( $value ) { return json_encode( $value ); }
function wp_parse_url( $url, $component = -1 ) { return parse_url( $url, $component ); }
function get_option( $name, $fallback = false ) { return $GLOBALS['abacus_test_options'][ $name ] ?? $fallback; }
function current_user_can( $capability ) { return in_array( $capability, explode( ',', $GLOBALS['abacus_test_options']['test_user_caps'] ?? '' ), true ); }
require $argv[2];
${code}`;
	return execFileSync('php', ['-r', script, JSON.stringify(options), ENGINE_PHP], {
		encoding: 'utf8',
	});
}

describe('the PHP token signer', () => {
	itWithPhp('signs a 15-minute token the engine verifies for this store and user', () => {
		const secret = 'a-shared-secret-of-32-characters';
		const out = JSON.parse(
			php('echo json_encode( abacus_engine_token() );', {
				abacus_engine: { mode: 'abacus', url: `${ENGINE}/` },
				abacus_engine_secret: secret,
			}),
		) as { token: string; expires: number };
		const result = verifyEngineToken(
			out.token,
			{ id: 'http://127.0.0.1:18431', secret },
			ENGINE,
		);
		expect(result).toMatchObject({
			ok: true,
			claims: { store: 'http://127.0.0.1:18431', sub: 7, cap: 'view_woocommerce_reports' },
		});
		const claims = readClaims(out.token);
		expect(claims && claims.exp - claims.iat).toBe(900);
		// The audience is the saved engine address's origin; another engine refuses the token.
		expect(claims?.aud).toBe(ENGINE);
		expect(
			verifyEngineToken(
				out.token,
				{ id: 'http://127.0.0.1:18431', secret },
				'https://analytics.example',
			),
		).toMatchObject({ ok: false, problem: 'abacus_engine_token_invalid' });
		expect(out.expires).toBe(claims?.exp);
		expect(
			verifyEngineToken(
				out.token,
				{
					id: 'http://127.0.0.1:18431',
					secret: 'another-secret-of-32-characters!',
				},
				ENGINE,
			),
		).toMatchObject({ ok: false, problem: 'abacus_engine_token_invalid' });
		expect(
			verifyEngineToken(out.token, { id: 'https://other.example', secret }, ENGINE),
		).toMatchObject({ ok: false, problem: 'abacus_engine_token_wrong_store' });
	});

	itWithPhp("lets a store manager's token record costs, and a reports viewer's only read", () => {
		const secret = 'a-shared-secret-of-32-characters';
		const store = { id: 'http://127.0.0.1:18431', secret };
		const tokenFor = (caps: string): string =>
			(
				JSON.parse(
					php('echo json_encode( abacus_engine_token() );', {
						abacus_engine: { mode: 'abacus', url: `${ENGINE}/` },
						abacus_engine_secret: secret,
						test_user_caps: caps,
					}),
				) as { token: string }
			).token;
		const manager = verifyEngineToken(
			tokenFor('view_woocommerce_reports,manage_woocommerce'),
			store,
			ENGINE,
		);
		expect(manager).toMatchObject({ ok: true, claims: { scope: [EDIT_COSTS_SCOPE] } });
		expect(manager.ok && hasScope(manager.claims, EDIT_COSTS_SCOPE)).toBe(true);
		const viewer = verifyEngineToken(tokenFor('view_woocommerce_reports'), store, ENGINE);
		expect(viewer).toMatchObject({ ok: true, claims: { scope: [] } });
		expect(viewer.ok && hasScope(viewer.claims, EDIT_COSTS_SCOPE)).toBe(false);
	});
});
