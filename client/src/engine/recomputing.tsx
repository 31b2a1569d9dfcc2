/**
 * "Recomputing": after settings that shape figures were saved (date type, statuses, currency, time
 * zone…) with the engine chosen, the report pages say so until the engine has read them, asking
 * its `GET abacus/v1/sync` every few seconds; then the reports are asked again and the page says
 * the figures follow the new settings. The plugin tells the engine at once on save (the engine's
 * `settings.pending` is true until its read is done); when that notice could not be sent, the
 * engine reads settings at its next round, so the page waits for a read later than the save.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { __ } from '@wordpress/i18n';

import { apiFetch } from '../base/api-fetch.js';
import type { EngineClient, SettingsChange } from './client.js';
import { engineClient, refreshReports } from './index.js';

/** How long after a save the pages still wait for the engine (ms). */
export const RECOMPUTE_WINDOW_MS = 15 * 60 * 1000;
/** Between two looks at the engine's sync status (ms). */
export const RECOMPUTE_POLL_MS = 3000;
/** How long "up to date" stays shown (ms). */
const DONE_SHOWN_MS = 10000;

interface EngineSettingsStatus {
	readAt: string | null;
	pending: boolean;
}

/** The settings status of the store in a `GET abacus/v1/sync` answer (the first store). */
export function settingsStatusOf(answer: unknown): EngineSettingsStatus | null {
	const stores = (answer as { stores?: unknown } | null)?.stores;
	if (!Array.isArray(stores) || !stores.length) return null;
	const settings = (stores[0] as { settings?: unknown } | null)?.settings;
	if (settings === null || typeof settings !== 'object') return null;
	const s = settings as Record<string, unknown>;
	return {
		readAt: typeof s.readAt === 'string' ? s.readAt : null,
		pending: s.pending === true,
	};
}

/** Whether the engine has still to read the settings saved at `change.at`. */
export function isRecomputing(change: SettingsChange, status: EngineSettingsStatus): boolean {
	if (status.pending) return true;
	if (change.notified) return false;
	const read = status.readAt === null ? NaN : Date.parse(status.readAt);
	return !(read >= Date.parse(change.at));
}

type Phase = 'idle' | 'recomputing' | 'done';

export function EngineRecomputing({
	client = engineClient,
	fetchStatus = () => apiFetch({ path: '/abacus/v1/sync' }),
	onDone = refreshReports,
	pollMs = RECOMPUTE_POLL_MS,
	now = Date.now,
}: {
	client?: EngineClient;
	fetchStatus?: () => Promise<unknown>;
	/** Called once the engine has read the settings: the reports are asked again. */
	onDone?: () => void;
	pollMs?: number;
	now?: () => number;
}) {
	const change = useSyncExternalStore(
		client.subscribe,
		client.getSettingsChange,
		client.getSettingsChange,
	);
	const [phase, setPhase] = useState<Phase>('idle');
	const seen = useRef<string | null>(null);

	useEffect(() => {
		if (!change || seen.current === change.at) return undefined;
		const started = Date.parse(change.at);
		if (!(now() - started < RECOMPUTE_WINDOW_MS)) return undefined;
		let stopped = false;
		let timer: ReturnType<typeof setTimeout> | undefined;
		let wasRecomputing = false;
		const look = async () => {
			let status: EngineSettingsStatus | null = null;
			try {
				status = settingsStatusOf(await fetchStatus());
			} catch {
				// The engine's own banner says when it cannot be reached; nothing to add here.
				status = null;
			}
			if (stopped) return;
			if (status === null) {
				setPhase('idle');
				return;
			}
			if (isRecomputing(change, status) && now() - started < RECOMPUTE_WINDOW_MS) {
				wasRecomputing = true;
				setPhase('recomputing');
				timer = setTimeout(() => void look(), pollMs);
				return;
			}
			seen.current = change.at;
			if (wasRecomputing || change.local === true) {
				onDone();
				setPhase('done');
				timer = setTimeout(() => setPhase('idle'), DONE_SHOWN_MS);
			} else {
				setPhase('idle');
			}
		};
		void look();
		return () => {
			stopped = true;
			if (timer) clearTimeout(timer);
		};
	}, [change, fetchStatus, onDone, pollMs, now]);

	if (phase === 'recomputing') {
		return (
			<div className="abacus-engine-notice is-info abacus-engine-recomputing" role="status">
				<p>
					{__(
						'Recomputing: the Abacus engine is applying the settings you saved (such as the date type or the statuses counted). These figures update by themselves when it is done.',
						'abacus',
					)}
				</p>
			</div>
		);
	}
	if (phase === 'done') {
		return (
			<div
				className="abacus-engine-notice is-success abacus-engine-recomputing"
				role="status"
			>
				<p>{__('The figures now follow the settings you saved.', 'abacus')}</p>
			</div>
		);
	}
	return null;
}
