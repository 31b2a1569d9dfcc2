/**
 * Analytics › Settings › Sync: the Abacus engine's sync status for this store, from the engine's
 * `GET /wp-json/abacus/v1/sync` (sent there with the page's token): per store its state, the
 * counts of what it holds, the backfill's progress, the last success, the lag and the last error.
 * Loading, error with Retry, and a Refresh button; refreshed every 30 seconds while shown.
 */
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Button, Spinner } from '@wordpress/components';
import { dateI18n } from '@wordpress/date';
import { __, sprintf } from '@wordpress/i18n';
import { toWPError, type WPError } from '@abacus/data';
import { numberFormat } from '@abacus/number';
import { getSetting } from '@abacus/settings';

import { LoadError } from '../../../base/load-error.js';
import { apiFetch } from '../../../base/api-fetch.js';

export const SYNC_ROUTE = '/abacus/v1/sync';
const REFRESH_MS = 30000;

export interface SyncStore {
	id: string;
	state: string;
	counts: Record<string, number>;
	backfill: { done: number; total: number; perSecond?: number; secondsLeft?: number } | null;
	lastSuccess: string | null;
	lagSeconds: number | null;
	lastError: { at?: string; message: string } | null;
	intervalSeconds: number | null;
	rounds: number | null;
	lastRound: { at?: string; orders?: number; deleted?: number; ms?: number } | null;
}

function num(value: unknown): number | null {
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The stores of an answer, keeping only well-formed fields. */
export function readSyncStatus(value: unknown): SyncStore[] {
	const list = (value as { stores?: unknown } | null)?.stores;
	if (!Array.isArray(list)) return [];
	return list
		.filter(
			(item): item is Record<string, unknown> => item !== null && typeof item === 'object',
		)
		.map((item) => {
			const counts: Record<string, number> = {};
			if (item.counts && typeof item.counts === 'object') {
				for (const [key, count] of Object.entries(item.counts as Record<string, unknown>)) {
					const n = num(count);
					if (n !== null) counts[key] = n;
				}
			}
			const backfill = item.backfill as Record<string, unknown> | null | undefined;
			const lastError = item.lastError as Record<string, unknown> | null | undefined;
			const lastRound = item.lastRound as Record<string, unknown> | null | undefined;
			return {
				id: typeof item.id === 'string' ? item.id : '',
				state: typeof item.state === 'string' ? item.state : '',
				counts,
				backfill:
					backfill && num(backfill.done) !== null && num(backfill.total) !== null
						? {
								done: num(backfill.done) ?? 0,
								total: num(backfill.total) ?? 0,
								perSecond: num(backfill.perSecond) ?? undefined,
								secondsLeft: num(backfill.secondsLeft) ?? undefined,
							}
						: null,
				lastSuccess: typeof item.lastSuccess === 'string' ? item.lastSuccess : null,
				lagSeconds: num(item.lagSeconds),
				lastError:
					lastError && typeof lastError.message === 'string'
						? {
								message: lastError.message,
								at: typeof lastError.at === 'string' ? lastError.at : undefined,
							}
						: null,
				intervalSeconds: num(item.intervalSeconds),
				rounds: num(item.rounds),
				lastRound:
					lastRound && typeof lastRound === 'object'
						? {
								at: typeof lastRound.at === 'string' ? lastRound.at : undefined,
								orders: num(lastRound.orders) ?? undefined,
								deleted: num(lastRound.deleted) ?? undefined,
								ms: num(lastRound.ms) ?? undefined,
							}
						: null,
			};
		});
}

function stateLabel(state: string): string {
	const labels: Record<string, string> = {
		backfilling: __('Copying the store (backfill)', 'abacus'),
		syncing: __('Syncing', 'abacus'),
		idle: __('Up to date', 'abacus'),
		error: __('Failing', 'abacus'),
		stopped: __('Stopped', 'abacus'),
	};
	return Object.prototype.hasOwnProperty.call(labels, state) ? labels[state] : state;
}

function countLabel(key: string): string {
	const labels: Record<string, string> = {
		orders: __('Orders', 'abacus'),
		refunds: __('Refunds', 'abacus'),
		products: __('Products', 'abacus'),
		variations: __('Variations', 'abacus'),
		categories: __('Categories', 'abacus'),
		coupons: __('Coupons', 'abacus'),
		customers: __('Customers', 'abacus'),
		tax_rates: __('Tax rates', 'abacus'),
	};
	return Object.prototype.hasOwnProperty.call(labels, key) ? labels[key] : key;
}

function duration(seconds: number): string {
	if (seconds < 90) {
		/* translators: %d: seconds. */
		return sprintf(__('%d s', 'abacus'), Math.round(seconds));
	}
	if (seconds < 5400) {
		/* translators: %d: minutes. */
		return sprintf(__('%d min', 'abacus'), Math.round(seconds / 60));
	}
	/* translators: %d: hours. */
	return sprintf(__('%d h', 'abacus'), Math.round(seconds / 3600));
}

function Fact({
	label,
	isError = false,
	children,
}: {
	label: string;
	isError?: boolean;
	children: ReactNode;
}) {
	return (
		<div className={isError ? 'abacus-sync__fact is-error' : 'abacus-sync__fact'}>
			<dt>{label}</dt>
			<dd>{children}</dd>
		</div>
	);
}

type Load =
	| { status: 'loading' }
	| { status: 'error'; error: WPError }
	| { status: 'ready'; stores: SyncStore[] };

export function SyncPanel() {
	const [load, setLoad] = useState<Load>({ status: 'loading' });
	const [refreshing, setRefreshing] = useState(false);
	const id = useId();
	const currency = getSetting('currency', {}) as {
		thousandSeparator?: string;
		decimalSeparator?: string;
	};
	const format = (value: number, precision = 0) =>
		numberFormat(
			{
				precision,
				thousandSeparator: currency.thousandSeparator ?? ',',
				decimalSeparator: currency.decimalSeparator ?? '.',
			},
			value,
		);
	const dateFormat = `${String(getSetting('dateFormat', 'F j, Y'))} ${String(getSetting('timeFormat', 'g:i a'))}`;

	const fetchStatus = useCallback(async (initial: boolean) => {
		if (initial) setLoad({ status: 'loading' });
		setRefreshing(true);
		try {
			const answer = await apiFetch({ path: SYNC_ROUTE });
			setLoad({ status: 'ready', stores: readSyncStatus(answer) });
		} catch (error) {
			setLoad({ status: 'error', error: toWPError(error) });
		} finally {
			setRefreshing(false);
		}
	}, []);

	useEffect(() => {
		void fetchStatus(true);
		const timer = window.setInterval(() => void fetchStatus(false), REFRESH_MS);
		return () => window.clearInterval(timer);
	}, [fetchStatus]);

	let body;
	if (load.status === 'loading') {
		body = (
			<p role="status">
				<Spinner /> {__('Loading the sync status…', 'abacus')}
			</p>
		);
	} else if (load.status === 'error') {
		body = (
			<LoadError
				title={__("The engine's sync status could not be loaded.", 'abacus')}
				error={load.error}
				onRetry={() => void fetchStatus(true)}
			/>
		);
	} else if (load.stores.length === 0) {
		body = <p>{__('The engine syncs no store yet: connect this store to it.', 'abacus')}</p>;
	} else {
		body = load.stores.map((store) => (
			<div className="abacus-sync__store" key={store.id}>
				<h3>{store.id}</h3>
				<dl className="abacus-sync__facts">
					<Fact label={__('State', 'abacus')}>{stateLabel(store.state)}</Fact>
					{Object.entries(store.counts).map(([key, count]) => (
						<Fact key={key} label={countLabel(key)}>
							{format(count)}
						</Fact>
					))}
					{store.backfill ? (
						<Fact label={__('Backfill', 'abacus')}>
							{sprintf(
								/* translators: 1: orders copied, 2: orders in the store. */
								__('%1$s of %2$s orders', 'abacus'),
								format(store.backfill.done),
								format(store.backfill.total),
							)}
							{store.backfill.perSecond !== undefined
								? ` · ${sprintf(
										/* translators: %s: orders per second. */
										__('%s orders/s', 'abacus'),
										format(store.backfill.perSecond, 1),
									)}`
								: ''}
							{store.backfill.secondsLeft !== undefined
								? ` · ${sprintf(
										/* translators: %s: time left. */
										__('%s left', 'abacus'),
										duration(store.backfill.secondsLeft),
									)}`
								: ''}
						</Fact>
					) : null}
					<Fact label={__('Last success', 'abacus')}>
						{store.lastSuccess
							? dateI18n(dateFormat, store.lastSuccess, undefined)
							: __('Never', 'abacus')}
					</Fact>
					<Fact label={__('Lag', 'abacus')}>
						{store.lagSeconds !== null
							? duration(store.lagSeconds)
							: __('Unknown', 'abacus')}
					</Fact>
					{store.intervalSeconds !== null ? (
						<Fact label={__('Sync interval', 'abacus')}>
							{duration(store.intervalSeconds)}
						</Fact>
					) : null}
					{store.rounds !== null ? (
						<Fact label={__('Rounds', 'abacus')}>{format(store.rounds)}</Fact>
					) : null}
					{store.lastRound?.at ? (
						<Fact label={__('Last round', 'abacus')}>
							{sprintf(
								/* translators: 1: date and time, 2: orders changed, 3: orders deleted, 4: milliseconds. */
								__('%1$s: %2$s orders, %3$s deleted, %4$s ms', 'abacus'),
								dateI18n(dateFormat, store.lastRound.at, undefined),
								format(store.lastRound.orders ?? 0),
								format(store.lastRound.deleted ?? 0),
								format(store.lastRound.ms ?? 0),
							)}
						</Fact>
					) : null}
					<Fact label={__('Last error', 'abacus')} isError={store.lastError !== null}>
						{store.lastError
							? store.lastError.at
								? sprintf(
										/* translators: 1: date and time, 2: the error. */
										__('%1$s: %2$s', 'abacus'),
										dateI18n(dateFormat, store.lastError.at, undefined),
										store.lastError.message,
									)
								: store.lastError.message
							: __('None', 'abacus')}
					</Fact>
				</dl>
			</div>
		));
	}

	return (
		<section className="abacus-settings__card abacus-sync" aria-labelledby={`${id}-title`}>
			<div className="abacus-sync__header">
				<h2 id={`${id}-title`}>{__('Sync', 'abacus')}</h2>
				<Button
					variant="secondary"
					isBusy={refreshing && load.status !== 'loading'}
					disabled={refreshing}
					onClick={() => void fetchStatus(false)}
				>
					{__('Refresh', 'abacus')}
				</Button>
			</div>
			<div aria-live="polite">{body}</div>
		</section>
	);
}
