/**
 * The Abacus engine as the page sees it: where report requests go (the engine's URL), the
 * short-lived token they carry (renewed through WordPress before it expires), and whether the
 * engine answered, failed, or the person chose WooCommerce's figures for this session.
 */
import { __, sprintf } from '@wordpress/i18n';

/** What the plugin puts in abacusSettings.engine when the engine is chosen. */
export interface EngineSettings {
	/** The engine's base address (no trailing slash). */
	url: string;
	/** This store's id as the engine knows it (its address). */
	store: string;
	token: string;
	/** Unix seconds. */
	expires: number;
	/** WordPress route renewing the token (POST, nonce-protected). */
	tokenRoute: string;
	/** The last save of settings that shape figures, when recent (see SettingsChange). */
	settingsChange?: SettingsChange | null;
}

/**
 * A save of settings that shape figures (date type, statuses, currency, time zone…) while the
 * engine is chosen: when (ISO) and whether the plugin told the engine at once (it then reads them
 * again straight away; otherwise at its next sync round).
 */
export interface SettingsChange {
	at: string;
	notified: boolean;
	/** Saved on this page (the settings screen): the page says when the figures follow it. */
	local?: boolean;
}

/** A well-formed SettingsChange, or null. */
export function readSettingsChange(value: unknown): SettingsChange | null {
	if (value === null || typeof value !== 'object') return null;
	const v = value as Record<string, unknown>;
	if (typeof v.at !== 'string' || !Number.isFinite(Date.parse(v.at))) return null;
	return { at: v.at, notified: v.notified === true };
}

export type EngineStatus =
	| { kind: 'off' }
	| { kind: 'active' }
	| { kind: 'failed'; reason: 'unreachable' | 'refused'; message: string }
	| { kind: 'fallback' };

/** A token and its expiry (Unix seconds), as the renewal route answers. */
export interface EngineToken {
	token: string;
	expires: number;
}

/** Renew this long before the token's expiry (seconds). */
export const RENEW_BEFORE = 60;

const FALLBACK_KEY = 'abacus-engine-fallback';

/** The engine settings of the page, when well-formed; null otherwise. */
export function readEngineSettings(value: unknown): EngineSettings | null {
	if (value === null || typeof value !== 'object') return null;
	const v = value as Record<string, unknown>;
	if (
		typeof v.url !== 'string' ||
		!/^https?:\/\//i.test(v.url) ||
		typeof v.store !== 'string' ||
		typeof v.token !== 'string' ||
		typeof v.expires !== 'number' ||
		typeof v.tokenRoute !== 'string'
	) {
		return null;
	}
	return {
		url: v.url.replace(/\/+$/, ''),
		store: v.store,
		token: v.token,
		expires: v.expires,
		tokenRoute: v.tokenRoute,
		settingsChange: readSettingsChange(v.settingsChange),
	};
}

function sessionStore(): Storage | null {
	try {
		return typeof window !== 'undefined' ? window.sessionStorage : null;
	} catch {
		return null;
	}
}

export interface EngineClientOptions {
	/** Asks WordPress for a fresh token. */
	renew: (route: string) => Promise<EngineToken>;
	/** Session storage for the 'WooCommerce's figures' choice (null: kept in memory only). */
	storage?: Storage | null;
	/** Unix seconds now. */
	now?: () => number;
}

export class EngineClient {
	private settings: EngineSettings | null = null;
	private status: EngineStatus = { kind: 'off' };
	private renewing: Promise<EngineToken> | null = null;
	private readonly listeners = new Set<() => void>();
	private readonly options: Required<EngineClientOptions>;

	constructor(settings: EngineSettings | null, options: EngineClientOptions) {
		this.options = {
			storage: sessionStore(),
			now: () => Math.floor(Date.now() / 1000),
			...options,
		};
		this.configure(settings);
	}

	/** Sets (or clears) the engine, e.g. after the settings screen saved a new choice. */
	configure(settings: EngineSettings | null): void {
		this.settings = settings;
		this.renewing = null;
		if (!settings) {
			this.setStatus({ kind: 'off' });
		} else if (this.options.storage?.getItem(FALLBACK_KEY) === settings.url) {
			this.setStatus({ kind: 'fallback' });
		} else {
			this.setStatus({ kind: 'active' });
		}
	}

	getSettings(): EngineSettings | null {
		return this.settings;
	}

	/** The last save of settings that shape figures (from the page, or noted since). */
	getSettingsChange = (): SettingsChange | null => this.settings?.settingsChange ?? null;

	/**
	 * Notes a save of settings that shape figures made on this page (the settings screen): the
	 * pages then say the engine is recomputing until it has read them.
	 */
	noteSettingsChange(change: SettingsChange): void {
		if (!this.settings) return;
		this.settings = { ...this.settings, settingsChange: change };
		for (const listener of this.listeners) listener();
	}

	getStatus = (): EngineStatus => this.status;

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	private setStatus(status: EngineStatus): void {
		const same =
			status.kind === this.status.kind &&
			(status.kind !== 'failed' ||
				(this.status.kind === 'failed' &&
					status.message === this.status.message &&
					status.reason === this.status.reason));
		if (same) return;
		this.status = status;
		for (const listener of this.listeners) listener();
	}

	/** Whether report requests go to the engine now. */
	isRouting(): boolean {
		return this.settings !== null && this.status.kind !== 'fallback';
	}

	/**
	 * The `Authorization` header value: the page's token, renewed first when it expires within
	 * RENEW_BEFORE seconds (or when `force`d, after the engine said it had expired).
	 */
	async authorization(force = false): Promise<string> {
		const settings = this.settings;
		if (!settings) throw new Error('The Abacus engine is not configured.');
		if (force || settings.expires - this.options.now() <= RENEW_BEFORE) {
			if (!this.renewing) {
				this.renewing = this.options.renew(settings.tokenRoute).then(
					(fresh) => {
						if (this.settings === settings) {
							this.settings = {
								...settings,
								token: fresh.token,
								expires: fresh.expires,
							};
						}
						this.renewing = null;
						return fresh;
					},
					(error: unknown) => {
						this.renewing = null;
						throw error;
					},
				);
			}
			const fresh = await this.renewing;
			return `Bearer ${fresh.token}`;
		}
		return `Bearer ${settings.token}`;
	}

	reportSuccess(): void {
		if (this.status.kind === 'failed') return;
		this.setStatus({ kind: 'active' });
	}

	reportFailure(reason: 'unreachable' | 'refused', message: string): void {
		if (this.status.kind === 'fallback') return;
		this.setStatus({ kind: 'failed', reason, message });
	}

	/** 'Use WooCommerce's figures': report requests go to WordPress for the rest of the session. */
	useWooCommerce(): void {
		if (!this.settings) return;
		this.options.storage?.setItem(FALLBACK_KEY, this.settings.url);
		this.setStatus({ kind: 'fallback' });
	}

	/** 'Retry' / 'Use the Abacus engine again': report requests go to the engine again. */
	useEngine(): void {
		this.options.storage?.removeItem(FALLBACK_KEY);
		if (this.settings) this.setStatus({ kind: 'active' });
	}
}

/** What the page says about a failed engine. */
export function failureMessage(
	reason: 'unreachable' | 'refused',
	url: string,
	detail: string,
): string {
	return reason === 'unreachable'
		? sprintf(
				/* translators: 1: the engine's address, 2: the browser's error. */
				__(
					'The Abacus engine at %1$s could not be reached, so these figures cannot be shown (%2$s).',
					'abacus',
				),
				url,
				detail,
			)
		: sprintf(
				/* translators: 1: the engine's address, 2: the engine's explanation. */
				__('The Abacus engine at %1$s refused this store: %2$s', 'abacus'),
				url,
				detail,
			);
}
