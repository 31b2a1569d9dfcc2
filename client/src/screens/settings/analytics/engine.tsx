/**
 * Analytics › Settings › Analytics engine: where the report pages get their figures, WooCommerce
 * (built in, the default) or an Abacus engine at an address sharing a secret with this store
 * (`abacus/v1/engine`). The secret never comes back from WordPress: the form shows only that one
 * is saved and its last characters, and sends a secret only when one is typed. Only the fields
 * changed since loading are saved. "Test connection" asks WordPress to call the engine with a
 * token signed by the secret, then checks that this browser reaches the engine too.
 *
 * The standalone Abacus server has no such setting (it is itself the server the figures come
 * from): there the card only says so and asks nothing. Both show where the engine's figures can
 * differ from WooCommerce's (`differences.tsx`), closed until opened.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, Notice, RadioControl, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { toWPError, type WPError } from '@abacus/data';

import { engineClient, refreshReports, type EngineToken } from '../../../engine/index.js';
import type { EngineClient } from '../../../engine/index.js';
import { LoadError } from '../../../base/load-error.js';
import { FigureDifferences } from './differences.js';
import { SyncPanel } from './sync-panel.js';
import { apiFetch } from '../../../base/api-fetch.js';
import { isInsideWordPress } from '../../../base/host.js';

export const ENGINE_ROUTE = '/abacus/v1/engine';
const MIN_SECRET = 16;

export interface EngineChoice {
	mode: 'woocommerce' | 'abacus';
	url: string;
	secretSet: boolean;
	secretEnd: string;
	store: string;
	/** Whether the user may change the address and secret (`manage_options`). */
	canManage: boolean;
}

function asChoice(value: unknown): EngineChoice {
	const v = (value ?? {}) as Record<string, unknown>;
	return {
		mode: v.mode === 'abacus' ? 'abacus' : 'woocommerce',
		url: typeof v.url === 'string' ? v.url : '',
		secretSet: v.secretSet === true,
		secretEnd: typeof v.secretEnd === 'string' ? v.secretEnd : '',
		store: typeof v.store === 'string' ? v.store : '',
		canManage: v.canManage !== false,
	};
}

/** What is wrong with an engine address, or null. */
export function engineUrlProblem(value: string): string | null {
	const text = value.trim();
	if (text === '') {
		return __("Enter the engine's address, e.g. https://analytics.example.com.", 'abacus');
	}
	let url: URL | null = null;
	try {
		url = new URL(text);
	} catch {
		url = null;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.host === '') {
		return sprintf(
			/* translators: %s: the address typed. */
			__(
				'"%s" is not a web address: it must start with https:// (or http://) followed by the engine\'s host name.',
				'abacus',
			),
			text,
		);
	}
	if (url.username || url.password || url.search || url.hash || /\s|[?#]/.test(text)) {
		return __(
			'The engine\'s address must be only its scheme, host, optional port and path: no user name, spaces, "?" or "#".',
			'abacus',
		);
	}
	return null;
}

/** What is wrong with a typed secret, or null. */
export function secretProblem(value: string): string | null {
	if (value.length < MIN_SECRET || value.length > 256 || /\s/.test(value)) {
		return sprintf(
			/* translators: %d: shortest secret. */
			__(
				'The shared secret must be %d to 256 characters without spaces: the one the engine was given (npm run connect prints it, or writes it to --engine-secret-file).',
				'abacus',
			),
			MIN_SECRET,
		);
	}
	return null;
}

type Load = { status: 'loading' } | { status: 'error'; error: WPError } | { status: 'ready' };
type Message = { status: 'success' | 'error' | 'info'; text: string } | null;

/** Checks from this browser that the engine accepts the token (CORS included). */
async function browserCheck(url: string, token: string): Promise<string | null> {
	try {
		const response = await window.fetch(`${url}/wp-json/abacus/v1/engine/whoami`, {
			headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
			credentials: 'omit',
		});
		if (response.ok) return null;
		const body = (await response.json().catch(() => ({}))) as { message?: unknown };
		return typeof body.message === 'string'
			? body.message
			: sprintf(
					/* translators: %d: HTTP status. */ __('HTTP status %d', 'abacus'),
					response.status,
				);
	} catch (error) {
		return error instanceof Error ? error.message : String(error);
	}
}

/** The card on the standalone Abacus server's page: what the server is, no request. */
function StandaloneServerNote() {
	const id = useId();
	return (
		<section className="abacus-settings__card abacus-engine" aria-labelledby={`${id}-title`}>
			<h2 id={`${id}-title`}>{__('Analytics engine', 'abacus')}</h2>
			<p className="abacus-settings__help">
				{__(
					'This is the Abacus server itself: the reports get their figures from its own database. Choosing an engine is a setting of the Abacus plugin inside WordPress.',
					'abacus',
				)}
			</p>
			<FigureDifferences />
		</section>
	);
}

export function EngineSettings({
	client = engineClient,
	insideWordPress = isInsideWordPress(),
}: {
	client?: EngineClient;
	/** Whether the page is the WordPress plugin's (the standalone server has no engine setting). */
	insideWordPress?: boolean;
}) {
	return insideWordPress ? <EngineChoice client={client} /> : <StandaloneServerNote />;
}

function EngineChoice({ client }: { client: EngineClient }) {
	const [load, setLoad] = useState<Load>({ status: 'loading' });
	const [loaded, setLoaded] = useState<EngineChoice | null>(null);
	const [mode, setMode] = useState<EngineChoice['mode']>('woocommerce');
	const [url, setUrl] = useState('');
	const [secret, setSecret] = useState('');
	const [errors, setErrors] = useState<{ url?: string; secret?: string }>({});
	const [message, setMessage] = useState<Message>(null);
	const [busy, setBusy] = useState<'saving' | 'testing' | null>(null);
	const urlRef = useRef<HTMLInputElement>(null);
	const secretRef = useRef<HTMLInputElement>(null);
	const id = useId();

	const reload = useCallback(async () => {
		setLoad({ status: 'loading' });
		try {
			const choice = asChoice(await apiFetch({ path: ENGINE_ROUTE }));
			setLoaded(choice);
			setMode(choice.mode);
			setUrl(choice.url);
			setSecret('');
			setLoad({ status: 'ready' });
		} catch (error) {
			setLoad({ status: 'error', error: toWPError(error) });
		}
	}, []);

	useEffect(() => {
		void reload();
	}, [reload]);

	if (load.status === 'error') {
		return (
			<section className="abacus-settings__card" aria-labelledby={`${id}-title`}>
				<h2 id={`${id}-title`}>{__('Analytics engine', 'abacus')}</h2>
				<LoadError
					title={__('The analytics engine setting could not be loaded.', 'abacus')}
					error={load.error}
					onRetry={() => void reload()}
				/>
			</section>
		);
	}
	if (load.status === 'loading' || !loaded) {
		return (
			<section className="abacus-settings__card" aria-labelledby={`${id}-title`}>
				<h2 id={`${id}-title`}>{__('Analytics engine', 'abacus')}</h2>
				<p role="status">
					<Spinner /> {__('Loading the analytics engine setting…', 'abacus')}
				</p>
			</section>
		);
	}

	const changes: Record<string, string> = {};
	if (mode !== loaded.mode) changes.mode = mode;
	if (mode === 'abacus') {
		if (url.trim() !== loaded.url) changes.url = url.trim();
		if (secret !== '') changes.secret = secret;
	}
	const isDirty = Object.keys(changes).length > 0;

	/** Checks the fields the engine needs; focuses the first wrong one. */
	function validate(): boolean {
		if (mode !== 'abacus') {
			setErrors({});
			return true;
		}
		const next: { url?: string; secret?: string } = {};
		const urlError = engineUrlProblem(url);
		if (urlError) next.url = urlError;
		if (secret !== '') {
			const secretError = secretProblem(secret);
			if (secretError) next.secret = secretError;
		} else if (!loaded?.secretSet) {
			next.secret = __('Enter the shared secret the engine was given.', 'abacus');
		}
		setErrors(next);
		if (next.url) urlRef.current?.focus();
		else if (next.secret) secretRef.current?.focus();
		return !next.url && !next.secret;
	}

	function showServerError(error: unknown) {
		const wpError = toWPError(error);
		const params = (wpError.data as { params?: Record<string, string> } | undefined)?.params;
		if (params?.url || params?.secret) {
			setErrors({ url: params.url, secret: params.secret });
			if (params.url) urlRef.current?.focus();
			else secretRef.current?.focus();
		}
		setMessage({ status: 'error', text: wpError.message });
	}

	async function save() {
		setMessage(null);
		if (!validate()) return;
		setBusy('saving');
		try {
			const saved = asChoice(
				await apiFetch({ path: ENGINE_ROUTE, method: 'POST', data: changes }),
			);
			setLoaded(saved);
			setMode(saved.mode);
			setUrl(saved.url);
			setSecret('');
			if (saved.mode === 'abacus') {
				const token = await apiFetch<EngineToken>({
					path: `${ENGINE_ROUTE}/token`,
					method: 'POST',
				});
				client.configure({
					url: saved.url,
					store: saved.store,
					token: token.token,
					expires: token.expires,
					tokenRoute: `${ENGINE_ROUTE}/token`,
				});
			} else {
				client.configure(null);
			}
			refreshReports();
			setMessage({
				status: 'success',
				text:
					saved.mode === 'abacus'
						? __(
								'Saved: the report pages now get their figures from the Abacus engine.',
								'abacus',
							)
						: __("Saved: the report pages now show WooCommerce's figures.", 'abacus'),
			});
		} catch (error) {
			showServerError(error);
		} finally {
			setBusy(null);
		}
	}

	async function test() {
		setMessage(null);
		if (!validate()) return;
		setBusy('testing');
		setMessage({ status: 'info', text: __('Testing the connection…', 'abacus') });
		const target = url.trim().replace(/\/+$/, '');
		try {
			const answer = (await apiFetch({
				path: `${ENGINE_ROUTE}/test`,
				method: 'POST',
				data: { url: target, ...(secret !== '' ? { secret } : {}) },
			})) as { message?: string; token?: string };
			const problem = await browserCheck(target, answer.token ?? '');
			if (problem !== null) {
				setMessage({
					status: 'error',
					text: sprintf(
						/* translators: 1: the browser's error, 2: this store's address. */
						__(
							'WordPress reaches the engine, but this browser cannot (%1$s). The engine must accept this store as an origin: start it with --store-url %2$s (or connect the store).',
							'abacus',
						),
						problem,
						loaded?.store ?? '',
					),
				});
			} else {
				setMessage({
					status: 'success',
					text: sprintf(
						/* translators: %s: the engine's address. */
						__(
							'Connected: the engine at %s accepts this store’s token, from WordPress and from this browser.',
							'abacus',
						),
						target,
					),
				});
			}
		} catch (error) {
			showServerError(error);
		} finally {
			setBusy(null);
		}
	}

	// Only an administrator may change where the reports go: a shop manager sees it read-only.
	const readOnly = !loaded.canManage;

	return (
		<>
			<section
				className="abacus-settings__card abacus-engine"
				aria-labelledby={`${id}-title`}
			>
				<h2 id={`${id}-title`}>{__('Analytics engine', 'abacus')}</h2>
				{readOnly ? (
					<p className="abacus-settings__help abacus-engine__read-only">
						{__(
							"Only an administrator can change the analytics engine's address or secret.",
							'abacus',
						)}
					</p>
				) : null}
				<div className="abacus-settings__field">
					<RadioControl
						label={__('Where the reports get their figures', 'abacus')}
						disabled={readOnly}
						selected={mode}
						options={[
							{
								label: __('WooCommerce (built in)', 'abacus'),
								value: 'woocommerce',
							},
							{ label: __('Abacus engine', 'abacus'), value: 'abacus' },
						]}
						onChange={(value: string) => {
							setMessage(null);
							setErrors({});
							setMode(value === 'abacus' ? 'abacus' : 'woocommerce');
						}}
					/>
					<p className="abacus-settings__help">
						{__(
							'The Abacus engine keeps its own copy of the store, in step with WooCommerce, and answers the reports in milliseconds. Everything else still goes to WordPress.',
							'abacus',
						)}
					</p>
					<FigureDifferences />
				</div>
				{mode === 'abacus' ? (
					<>
						<div className="abacus-settings__field">
							<TextControl
								__nextHasNoMarginBottom
								ref={urlRef}
								type="url"
								label={__('Engine address', 'abacus')}
								readOnly={readOnly}
								value={url}
								aria-invalid={errors.url ? true : undefined}
								help={
									errors.url ??
									(readOnly
										? undefined
										: __('For example https://analytics.example.com', 'abacus'))
								}
								className={errors.url ? 'abacus-engine__invalid' : undefined}
								onChange={(value: string) => {
									setUrl(value);
									setErrors({ ...errors, url: undefined });
								}}
							/>
						</div>
						{readOnly ? (
							<p className="abacus-settings__help">
								{loaded.secretSet
									? sprintf(
											/* translators: %s: last characters of the saved secret. */
											__(
												'A shared secret is saved (ending in %s).',
												'abacus',
											),
											loaded.secretEnd,
										)
									: __('No shared secret is saved.', 'abacus')}
							</p>
						) : (
							<div className="abacus-settings__field">
								<TextControl
									__nextHasNoMarginBottom
									ref={secretRef}
									type="password"
									autoComplete="new-password"
									label={__('Shared secret', 'abacus')}
									value={secret}
									aria-invalid={errors.secret ? true : undefined}
									className={errors.secret ? 'abacus-engine__invalid' : undefined}
									help={
										errors.secret ??
										(loaded.secretSet
											? sprintf(
													/* translators: %s: last characters of the saved secret. */
													__(
														'A secret is saved (ending in %s). Type a new one only to replace it.',
														'abacus',
													),
													loaded.secretEnd,
												)
											: __(
													'The secret the engine was given for this store (npm run connect prints it, or writes it to --engine-secret-file).',
													'abacus',
												))
									}
									onChange={(value: string) => {
										setSecret(value);
										setErrors({ ...errors, secret: undefined });
									}}
								/>
							</div>
						)}
						<p className="abacus-settings__help">
							{sprintf(
								/* translators: %s: this store's address. */
								__('The engine knows this store as %s.', 'abacus'),
								loaded.store,
							)}
						</p>
					</>
				) : null}
				<div aria-live="polite">
					{message ? (
						<Notice
							status={message.status === 'info' ? 'info' : message.status}
							isDismissible={message.status !== 'info'}
							onRemove={() => setMessage(null)}
						>
							{message.text}
						</Notice>
					) : null}
				</div>
				<div className="abacus-engine__actions">
					{readOnly ? null : (
						<Button
							variant="primary"
							isBusy={busy === 'saving'}
							disabled={busy !== null || !isDirty}
							onClick={() => void save()}
						>
							{__('Save engine settings', 'abacus')}
						</Button>
					)}
					{mode === 'abacus' ? (
						<Button
							variant="secondary"
							isBusy={busy === 'testing'}
							disabled={busy !== null}
							onClick={() => void test()}
						>
							{__('Test connection', 'abacus')}
						</Button>
					) : null}
				</div>
			</section>
			{loaded.mode === 'abacus' && client.getSettings() ? <SyncPanel /> : null}
		</>
	);
}
