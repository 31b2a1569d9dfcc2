/**
 * Keeps the engine's database in step with one WooCommerce store.
 *
 * 1. Backfill: the catalogue (settings, tax rates, categories, attributes, products with their
 *    variations, coupons), then every order by id, page after page (100 a page, a few pages
 *    fetched at once, the next while a group is written, the registered customers they name
 *    with them), each group of pages written in one transaction together with the checkpoint
 *    (the last page written), then every registered customer (those without orders too). A
 *    restart resumes after that page; a page written twice replaces its orders, so nothing is
 *    ever duplicated. A full id scan closes the backfill (it catches orders that moved between
 *    pages while the backfill ran).
 * 2. Incremental rounds (every `intervalSeconds`, default 60): orders modified since the watermark
 *    (`modified_after`, in UTC, re-reading the last minute so that nothing committed late is
 *    missed), with their refunds; orders moved to the trash; products modified since the
 *    watermark. A full id scan every round while the store has at most 5,000 orders, else every
 *    `fullScanEvery` rounds (default 10, i.e. ten minutes), together with the catalogue: the store's ids with
 *    their modification date and refund ids against the engine's; orders the store no longer has
 *    are deleted (WooCommerce's REST API does not report deletions), orders that differ are
 *    fetched again; the whole catalogue and the settings are read again (the whole customer
 *    list of a store of more than 5,000 registered customers once a day, its newest in between).
 *
 * Writes never block reads: each batch is one transaction on the writer connection, readers keep
 * answering from the last committed state.
 */
import type { Db } from '../core/db.js';
import {
	MalformedError,
	mapCustomer,
	mapOrder,
	mapRefund,
	type FetchedOrder,
	type Json,
} from './map.js';
import { readState, writeState, type RegisteredStore, type SyncStateRow } from './registry.js';
import { errorText, StoreReader } from './store-reader.js';
import { StoreError, WooClient, type Query, type WooClientOptions } from './woo-client.js';
import {
	writeCatalogue,
	writeCustomers,
	writeOptions,
	writeOrderBatch,
	type OrderBatch,
} from './writer.js';

export type SyncPhase = 'backfilling' | 'syncing' | 'idle' | 'error' | 'stopped';

export interface BackfillProgress {
	done: number;
	total: number;
	perSecond: number;
	secondsLeft: number | null;
}

export interface RoundSummary {
	at: string;
	orders: number;
	deleted: number;
	products: number;
	fullScan: boolean;
	ms: number;
}

export interface SyncOptions {
	db: Db;
	store: RegisteredStore;
	/** Called after every committed batch (report caches drop). */
	notifyWrite?: () => void;
	/** A line of progress (backfill progress, round summaries, errors). */
	log?: (line: string) => void;
	/** Pages fetched at once. Default 3. */
	concurrency?: number;
	/** Orders per page (1…100). Default 100. */
	pageSize?: number;
	/** Overrides of the store's round interval (seconds). */
	intervalSeconds?: number;
	/** Client options (tests inject `fetch`, `sleep`, short backoffs). */
	client?: Partial<WooClientOptions>;
	/** Orders per backfill transaction (pages are committed together). Default 2,000. */
	batchOrders?: number;
	/** Awaited after each backfill batch is committed (tests stop the sync there). */
	afterBatch?: () => Promise<void>;
	/**
	 * Registered customers up to which a catalogue round reads the store's whole customer list
	 * (default CUSTOMER_LIST_EVERY_ROUND); above it the whole list is read once a day, the newest
	 * registrations in the other catalogue rounds.
	 */
	customerListUpTo?: number;
	/** The clock (tests move it). */
	now?: () => number;
}

const MINUTE = 60_000;
/** Stores with at most this many orders get their id scan (deletions) every round. */
export const EVERY_ROUND_ID_SCAN = 5000;
/**
 * A store with at most this many registered customers has its whole customer list read in every
 * catalogue round (50 pages); a larger one once a day (the list of a store of 359,151 customers is
 * 3,592 pages, more than a catalogue round's ten minutes of requests), its newest in between.
 */
export const CUSTOMER_LIST_EVERY_ROUND = 5000;
const DAY_MS = 24 * 60 * MINUTE;

function isoGmt(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19);
}

/** `12 min 5 s`, `40 s`. */
export function duration(seconds: number): string {
	const s = Math.max(0, Math.round(seconds));
	if (s < 60) return `${s} s`;
	const m = Math.floor(s / 60);
	if (m < 60) return `${m} min ${s % 60} s`;
	return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/**
 * When the settings that shape figures were last read (ISO) and the last change the engine applied
 * (option names; null before any change since start); when the store last asked for them to be
 * read again (ISO) and whether that read is still to come.
 */
export interface SettingsStatus {
	readAt: string | null;
	lastChange: { at: string; names: string[] } | null;
	requestedAt: string | null;
	pending: boolean;
}

export class StoreSync {
	readonly client: WooClient;
	private readonly db: Db;
	private readonly store: RegisteredStore;
	private readonly options: SyncOptions;
	private stopping = false;
	/** Error notes of retries, written in order (a final error is written after them). */
	private stateWrites: Promise<void> = Promise.resolve();
	private wake: (() => void) | null = null;
	private loop: Promise<void> | null = null;
	phase: SyncPhase = 'idle';
	progress: BackfillProgress | null = null;
	lastRound: RoundSummary | null = null;
	/**
	 * When the settings that shape figures were last read (ISO), and the last change of them the
	 * engine applied: the names of the options and when (null before any change since start).
	 */
	settings: SettingsStatus = {
		readAt: null,
		lastChange: null,
		requestedAt: null,
		pending: false,
	};

	/** The store's REST answers: pages, settings, catalogue. */
	private readonly reader: StoreReader;
	/** When the store's whole customer list was last read and written (ms; 0: not since start). */
	private customersListedAt = 0;

	constructor(options: SyncOptions) {
		this.options = options;
		this.db = options.db;
		this.store = options.store;
		this.client = new WooClient({
			url: options.store.url,
			auth: options.store.auth,
			...options.client,
			onRetry: (info) => {
				options.client?.onRetry?.(info);
				this.log(
					`The store did not answer well (${info.error}); trying again in ${duration(info.delayMs / 1000)} (attempt ${info.attempt + 1}).`,
				);
				this.stateWrites = this.stateWrites
					.then(() =>
						writeState(this.db, this.store.id, {
							lastError: `${info.error} (retrying)`,
							lastErrorAt: new Date().toISOString(),
						}),
					)
					.catch(() => undefined);
			},
		});
		this.reader = new StoreReader(
			this.client,
			this.store.id,
			options.concurrency ?? 3,
			(line) => this.log(line),
		);
	}

	/** Milliseconds of the store's answers (the bench prints the median). */
	get pageTimes(): number[] {
		return this.reader.pageTimes;
	}

	private log(line: string): void {
		this.options.log?.(line);
	}

	get intervalSeconds(): number {
		return this.options.intervalSeconds ?? this.store.intervalSeconds;
	}

	/**
	 * Reads the settings that shape figures (date type, excluded and actionable statuses, currency
	 * and its decimals, time zone, week start, stock thresholds) and writes those that changed,
	 * in force from the next report request (the reports read them at query time). Returns the
	 * names of the changed options. Every round starts with it, so a setting saved in WooCommerce
	 * reaches the engine within one interval.
	 */
	async syncSettings(): Promise<string[]> {
		const start = Date.now();
		const options = await this.reader.settings();
		const changed = await this.db.transaction(() => writeOptions(this.db, options));
		this.noteSettings(changed, start);
		if (changed.length) this.options.notifyWrite?.();
		return changed;
	}

	/**
	 * The store says that settings which shape figures were saved (the plugin's notice after a
	 * save): they are read now, and `settings.pending` stays true until a read that started after
	 * this moment is done. Between rounds the next round starts now (settings first); during a
	 * round or a backfill the settings are read beside it (writes are queued, never interleaved).
	 * At most one read runs and one more waits, however many notices come (bounded work).
	 */
	requestSettings(): SettingsStatus {
		const now = Date.now();
		this.settings = {
			...this.settings,
			requestedAt: new Date(now).toISOString(),
			pending: true,
		};
		this.settingsRequested = now;
		if (this.wake) this.wake();
		else if (this.running) this.readSettingsNow();
		return this.settings;
	}

	/** When settings were last asked for (ms; 0: never), by `requestSettings`. */
	private settingsRequested = 0;
	/** The read of the settings asked for during a round, and whether another must follow it. */
	private settingsRead: Promise<void> | null = null;
	private settingsAgain = false;

	private readSettingsNow(): void {
		if (this.settingsRead) {
			this.settingsAgain = true;
			return;
		}
		this.settingsRead = (async () => {
			do {
				this.settingsAgain = false;
				try {
					await this.syncSettings();
				} catch (error) {
					this.log(
						`Reading the settings of ${this.store.id} failed: ${errorText(error)}`,
					);
					this.settings = { ...this.settings, pending: false };
					return;
				}
			} while (this.settingsAgain && !this.stopping);
		})().finally(() => {
			this.settingsRead = null;
		});
	}

	private noteSettings(changed: string[], start: number): void {
		const at = new Date().toISOString();
		const first = this.settings.readAt === null;
		// Read from a start after the request: the saved values are in this read.
		const served = this.settingsRequested > 0 && start >= this.settingsRequested;
		this.settings = {
			readAt: at,
			lastChange: changed.length ? { at, names: changed } : this.settings.lastChange,
			requestedAt: this.settings.requestedAt,
			pending: this.settings.pending && !served,
		};
		if (changed.length && !first) {
			this.log(`Settings of ${this.store.id} changed (${changed.join(', ')}): in force now.`);
		}
	}

	/**
	 * Reads the whole catalogue and the settings and replaces the engine's; without the settings
	 * when `withSettings` is false (a round that has just read them: a second read would only
	 * repeat it, and writing that round's values again could undo a newer read meanwhile); without
	 * the whole list of registered customers when `customers` is false (the backfill reads it after
	 * the orders, `syncCustomers`; a large store's catalogue rounds once a day).
	 */
	async syncCatalogue(withSettings = true, customers = true): Promise<void> {
		const start = Date.now();
		const options = withSettings ? await this.reader.settings() : null;
		const catalogue = await this.reader.catalogue({ customers });
		const changed = await this.db.transaction(async () => {
			const names = options ? await writeOptions(this.db, options) : [];
			await writeCatalogue(this.db, catalogue, true);
			return names;
		});
		if (catalogue.customers) this.customersListedAt = this.now();
		if (options) this.noteSettings(changed, start);
		this.options.notifyWrite?.();
	}

	/**
	 * Whether the store answers WooCommerce's collection of every refund, `wc/v3/refunds`, with
	 * its `include` filter: null until asked; false once a store answered it has no such route
	 * (404 rest_no_route, a WooCommerce before the route) or did not apply the filter.
	 */
	private refundsCollection: boolean | null = null;

	/** The refunds of the orders that list some. */
	private async withRefunds(
		orders: FetchedOrder[],
	): Promise<Array<{ order: FetchedOrder; refunds: FetchedOrder[] }>> {
		const refunded = orders.filter((o) => o.refundIds.length);
		const refunds =
			(refunded.length && this.refundsCollection !== false
				? await this.refundsInBulk(refunded)
				: null) ?? (await this.refundsPerOrder(refunded));
		return orders.map((order) => ({ order, refunds: refunds.get(order.id) ?? [] }));
	}

	/**
	 * The refunds of `orders` (each order's refunds in the order it lists them) from
	 * `wc/v3/refunds` by their ids, 100 a request, a few requests at once. Its refunds are those
	 * of `wc/v3/orders/{id}/refunds` with their `parent_id` (checked on WooCommerce 10.0.2, which
	 * ignores the route's `parent` filter but applies `include`). Null, after a line in the log,
	 * when the store has no such route or did not apply the filter (an answer with refunds that
	 * were not asked for): the refunds are then read order by order, from then on.
	 */
	private async refundsInBulk(
		orders: FetchedOrder[],
	): Promise<Map<number, FetchedOrder[]> | null> {
		const parentOf = new Map<number, FetchedOrder>();
		for (const order of orders) for (const id of order.refundIds) parentOf.set(id, order);
		const ids = [...parentOf.keys()];
		const chunks: number[][] = [];
		for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
		const found = new Map<number, FetchedOrder>();
		let unasked = false;
		const read = async (chunk: number[]): Promise<void> => {
			const asked = new Set(chunk);
			const page = await this.reader.page(
				'wc/v3/refunds',
				{ include: chunk.join(','), per_page: 100, orderby: 'id', order: 'asc' },
				(raw) => {
					const refundId = raw && typeof raw === 'object' ? (raw as Json).id : undefined;
					const parent =
						typeof refundId === 'number' && asked.has(refundId)
							? parentOf.get(refundId)
							: undefined;
					if (!parent) return null;
					const parentId = (raw as Json).parent_id;
					if (parentId !== undefined && parentId !== parent.id) {
						throw new MalformedError(
							`refund ${refundId} has parent_id ${String(parentId)}, its order is ${parent.id}`,
						);
					}
					return mapRefund(raw, parent);
				},
			);
			if (page.totalPages > 1 || page.items.some((r) => r === null)) unasked = true;
			for (const refund of page.items) if (refund) found.set(refund.id, refund);
		};
		try {
			// The first request alone until the store is known to answer it.
			const first = this.refundsCollection === null ? chunks.slice(0, 1) : [];
			for (const chunk of first) await read(chunk);
			if (!unasked) await this.reader.each(chunks.slice(first.length), read);
		} catch (error) {
			if (
				this.refundsCollection === null &&
				error instanceof StoreError &&
				error.status === 404 &&
				error.code === 'rest_no_route'
			) {
				this.refundsCollection = false;
				this.log(
					`${this.store.id} has no wc/v3/refunds route (404 rest_no_route): refunds are read order by order.`,
				);
				return null;
			}
			throw error;
		}
		if (unasked) {
			this.refundsCollection = false;
			this.log(
				`${this.store.id} answered wc/v3/refunds with refunds that were not asked for: refunds are read order by order.`,
			);
			return null;
		}
		this.refundsCollection = true;
		const refunds = new Map<number, FetchedOrder[]>();
		for (const order of orders) {
			refunds.set(
				order.id,
				order.refundIds
					.map((id) => found.get(id))
					.filter((r): r is FetchedOrder => r !== undefined),
			);
		}
		return refunds;
	}

	/** The refunds of `orders`, a request per order, a few at a time. */
	private async refundsPerOrder(orders: FetchedOrder[]): Promise<Map<number, FetchedOrder[]>> {
		const refunds = new Map<number, FetchedOrder[]>();
		await this.reader.each(orders, async (order) => {
			refunds.set(
				order.id,
				await this.reader.all(`wc/v3/orders/${order.id}/refunds`, {}, (r) =>
					mapRefund(r, order),
				),
			);
		});
		return refunds;
	}

	/** Every registered customer of the store (those without orders too), written in one batch. */
	async syncCustomers(): Promise<void> {
		this.log(`Reading the registered customers of ${this.store.id}…`);
		const customers = await this.reader.customers();
		await writeCustomers(this.db, customers);
		this.customersListedAt = this.now();
		this.options.notifyWrite?.();
		this.log(`Registered customers: ${customers.length.toLocaleString('en-US')}.`);
	}

	private now(): number {
		return this.options.now?.() ?? Date.now();
	}

	/**
	 * Whether this catalogue round reads the whole customer list: always for a store of at most
	 * `customerListUpTo` registered customers, else when the last whole list is a day old (or was
	 * not read since the engine started).
	 */
	private async wholeCustomerList(): Promise<boolean> {
		if (!this.customersListedAt || this.now() - this.customersListedAt >= DAY_MS) return true;
		const registered = Number(
			(
				await this.db.one<{ n: number }>(
					'SELECT count(*) AS n FROM customer_lookup WHERE user_id IS NOT NULL',
				)
			)?.n ?? 0,
		);
		return registered <= (this.options.customerListUpTo ?? CUSTOMER_LIST_EVERY_ROUND);
	}

	/**
	 * The customers registered since the engine last looked, without orders yet: the store's
	 * customers newest first (by user id), page after page until one holds none the engine lacks.
	 */
	private async newestCustomers(): Promise<void> {
		for (let page = 1; ; page++) {
			const result = await this.reader.page(
				'wc/v3/customers',
				{ orderby: 'id', order: 'desc', per_page: 100, page },
				mapCustomer,
			);
			if (!result.items.length) return;
			const knownIds = await this.knownUsers(result.items.map((c) => c.userId));
			const fresh = result.items.filter((c) => !knownIds.has(c.userId));
			if (fresh.length) await writeCustomers(this.db, fresh);
			if (fresh.length < result.items.length || page >= result.totalPages) return;
		}
	}

	/** Which of these store users the engine already holds as customers. */
	private async knownUsers(userIds: number[]): Promise<Set<number>> {
		const known = await this.db.all<{ user_id: number }>(
			'SELECT user_id FROM customer_lookup WHERE user_id IN (SELECT unnest(CAST(? AS INTEGER[])))',
			[JSON.stringify(userIds)],
		);
		return new Set(known.map((k) => Number(k.user_id)));
	}

	/** Registered customers the engine does not know yet (new customers since the last read). */
	private async newCustomers(orders: FetchedOrder[]): Promise<void> {
		const userIds = [
			...new Set(orders.map((o) => o.userId).filter((u): u is number => u !== null)),
		];
		if (!userIds.length) return;
		const knownIds = await this.knownUsers(userIds);
		const missing = userIds.filter((u) => !knownIds.has(u));
		for (let i = 0; i < missing.length; i += 100) {
			const part = missing.slice(i, i + 100);
			const customers = await this.reader.all(
				'wc/v3/customers',
				{ include: part.join(','), role: 'all' },
				mapCustomer,
			);
			if (customers.length) await writeCustomers(this.db, customers);
		}
	}

	private ordersPage(
		page: number,
		query: Query = {},
	): Promise<{ items: FetchedOrder[]; total: number; totalPages: number }> {
		return this.reader.page(
			'wc/v3/orders',
			{ orderby: 'id', order: 'asc', per_page: this.options.pageSize ?? 100, page, ...query },
			mapOrder,
		);
	}

	private reportProgress(state: SyncStateRow, started: number, doneAtStart: number): void {
		const total = state.backfillTotal ?? 0;
		const seconds = (Date.now() - started) / 1000;
		const rate = seconds > 0 ? (state.backfillDone - doneAtStart) / seconds : 0;
		const left = rate > 0 ? Math.max(0, total - state.backfillDone) / rate : null;
		this.progress = {
			done: state.backfillDone,
			total,
			perSecond: Math.round(rate * 10) / 10,
			secondsLeft: left === null ? null : Math.round(left),
		};
		const pct = total ? Math.min(100, Math.floor((state.backfillDone / total) * 100)) : 100;
		this.log(
			`Backfill: ${state.backfillDone.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} orders (${pct} %), ${rate.toFixed(0)} orders/s${left === null ? '' : `, about ${duration(left)} left`}.`,
		);
	}

	/** The backfill, from the last checkpoint. Resolves when done (or stopped). */
	async backfill(): Promise<void> {
		let state = await readState(this.db, this.store.id);
		if (state.phase === 'incremental') return;
		this.phase = 'backfilling';
		if (!state.backfillStarted) {
			// Orders modified after this moment are read again by the first incremental round.
			const started = isoGmt(Date.now() - 5 * MINUTE);
			await writeState(this.db, this.store.id, {
				backfillStarted: started,
				watermark: started,
			});
			state = await readState(this.db, this.store.id);
		}
		// The catalogue without its registered customers: on a large store their full list is
		// thousands of pages, read after the orders (the customers of each batch of orders are
		// read with it, `newCustomers`), so the figures come first.
		this.log(`Reading the catalogue and settings of ${this.store.id}…`);
		await this.syncCatalogue(true, false);
		const started = Date.now();
		const doneAtStart = state.backfillDone;
		const secondsBefore = state.backfillSeconds;
		const concurrency = Math.max(1, this.options.concurrency ?? 3);
		let nextPage = state.backfillPage + 1;
		let totalPages = Number.POSITIVE_INFINITY;
		let total = state.backfillTotal ?? 0;
		// Pages are fetched a few at a time and committed together once about `batchOrders`
		// orders are in hand (each commit re-derives the touched customers and the roll-ups).
		const batchOrders = Math.max(1, this.options.batchOrders ?? 2000);
		let pending: Array<{ order: FetchedOrder; refunds: FetchedOrder[] }> = [];
		let pendingTrash: number[] = [];
		let pendingLive = 0;
		let lastPage = state.backfillPage;
		let done = false;
		const commit = async (): Promise<void> => {
			const live = pendingLive;
			await this.db.transaction(async () => {
				await writeOrderBatch(this.db, { orders: pending, remove: pendingTrash });
				await writeState(this.db, this.store.id, {
					backfillPage: lastPage,
					backfillTotal: Math.max(total, state.backfillDone + live),
					backfillDone: state.backfillDone + live,
					backfillSeconds: secondsBefore + (Date.now() - started) / 1000,
				});
			});
			pending = [];
			pendingTrash = [];
			pendingLive = 0;
			this.options.notifyWrite?.();
			state = await readState(this.db, this.store.id);
			this.reportProgress(state, started, doneAtStart);
			await this.options.afterBatch?.();
		};
		type Group = {
			pages: number[];
			results: Promise<Array<{ items: FetchedOrder[]; total: number; totalPages: number }>>;
		};
		const ask = (width: number): Group => {
			const pages = Array.from({ length: width }, (_, i) => nextPage + i).filter(
				(p) => p <= totalPages,
			);
			const results = Promise.all(pages.map((p) => this.ordersPage(p)));
			// Awaited below unless the backfill stops or fails first: no unhandled rejection then.
			results.catch(() => undefined);
			return { pages, results };
		};
		let ahead: Group | null = null;
		while (!this.stopping && !done) {
			// Until the number of pages is known, one page at a time.
			const group = ahead ?? ask(Number.isFinite(totalPages) ? concurrency : 1);
			ahead = null;
			const results = await group.results;
			totalPages = Math.max(...results.map((r) => r.totalPages));
			total = Math.max(0, ...results.filter((r) => r.items.length).map((r) => r.total));
			lastPage = group.pages[group.pages.length - 1];
			nextPage = lastPage + 1;
			done = nextPage > totalPages || results.some((r) => r.items.length === 0);
			// The next pages are asked for while this group's customers and refunds are read and
			// its batch is written (a third of the backfill's time on the 200,000-order store).
			if (!done && !this.stopping) ahead = ask(concurrency);
			const fetched = results.flatMap((r) => r.items);
			const live = fetched.filter((o) => o.status !== 'trash');
			const [, withRefunds] = await Promise.all([
				this.newCustomers(live),
				this.withRefunds(live),
			]);
			pending.push(...withRefunds);
			pendingTrash.push(...fetched.filter((o) => o.status === 'trash').map((o) => o.id));
			pendingLive += live.length;
			if (done || this.stopping || pendingLive >= batchOrders) await commit();
		}
		if (this.stopping) return;
		await this.syncCustomers();
		if (this.stopping) return;
		// Orders that moved between pages while the backfill ran, and those deleted meanwhile.
		await this.fullScan();
		await writeState(this.db, this.store.id, {
			phase: 'incremental',
			lastSuccess: new Date().toISOString(),
			lastError: null,
			lastErrorAt: null,
		});
		const seconds = (Date.now() - started) / 1000;
		this.log(
			`Backfill done: ${state.backfillDone.toLocaleString('en-US')} orders in ${duration(seconds)} (${(seconds > 0 ? (state.backfillDone - doneAtStart) / seconds : 0).toFixed(0)} orders/s).`,
		);
		this.progress = null;
	}

	/**
	 * Compares the store's order ids (with modification dates and refund ids) with the engine's:
	 * deletes what the store no longer has, fetches what differs. Returns [fetched, deleted].
	 */
	async fullScan(): Promise<[number, number]> {
		const remote = new Map<number, { modified: string | null; refunds: string }>();
		for (let page = 1; ; page++) {
			const result = await this.reader.page(
				'wc/v3/orders',
				{
					_fields: 'id,status,date_modified_gmt,refunds',
					orderby: 'id',
					order: 'asc',
					per_page: 100,
					page,
				},
				(raw) => {
					const o = mapOrderSummary(raw);
					return o;
				},
			);
			for (const o of result.items) if (o.status !== 'trash') remote.set(o.id, o);
			if (page >= result.totalPages || result.items.length === 0) break;
		}
		const local = await this.db.all<{
			order_id: number;
			modified_gmt: string | null;
			refund_ids: string;
		}>('SELECT order_id, modified_gmt, refund_ids FROM sync_orders');
		const localMap = new Map(local.map((l) => [Number(l.order_id), l]));
		// Orders in the engine that sync_orders does not know (should not happen) are checked too.
		const stray = await this.db.all<{ id: number }>(
			'SELECT id FROM orders WHERE parent_id = 0 AND id NOT IN (SELECT order_id FROM sync_orders)',
		);
		const remove = [
			...[...localMap.keys()].filter((id) => !remote.has(id)),
			...stray.map((s) => Number(s.id)).filter((id) => !remote.has(id)),
		];
		const refetch = [...remote.entries()]
			.filter(([id, r]) => {
				const l = localMap.get(id);
				return (
					!l ||
					(r.modified !== null && l.modified_gmt !== r.modified) ||
					l.refund_ids !== r.refunds
				);
			})
			.map(([id]) => id);
		let fetched = 0;
		for (let i = 0; i < refetch.length || (i === 0 && remove.length); i += 100) {
			const part = refetch.slice(i, i + 100);
			const orders = part.length
				? (
						await this.reader.page(
							'wc/v3/orders',
							{ include: part.join(','), per_page: 100, orderby: 'id', order: 'asc' },
							mapOrder,
						)
					).items
				: [];
			await this.newCustomers(orders);
			const batch: OrderBatch = {
				orders: await this.withRefunds(orders),
				remove: i === 0 ? remove : [],
			};
			await this.db.transaction(async () => {
				await writeOrderBatch(this.db, batch);
			});
			this.options.notifyWrite?.();
			fetched += orders.length;
		}
		return [fetched, remove.length];
	}

	/** One incremental round. */
	async round(): Promise<RoundSummary> {
		const t0 = Date.now();
		const state = await readState(this.db, this.store.id);
		// The whole catalogue every `fullScanEvery` rounds; the id scan too, or every round for a
		// store small enough that reading its ids costs less than a page of orders per 100.
		const catalogueRound =
			this.store.fullScanEvery > 0 && (state.rounds + 1) % this.store.fullScanEvery === 0;
		const orderCount = Number(
			(await this.db.one<{ n: number }>('SELECT count(*) AS n FROM sync_orders'))?.n ?? 0,
		);
		const fullScan = catalogueRound || orderCount <= EVERY_ROUND_ID_SCAN;
		// Settings first: a change saved in WooCommerce is in force before this round's orders.
		await this.syncSettings();
		const since = state.watermark
			? isoGmt(Date.parse(`${state.watermark}Z`) - MINUTE)
			: isoGmt(Date.now() - 10 * MINUTE);
		const query: Query = {
			modified_after: since,
			dates_are_gmt: true,
			orderby: 'modified',
			order: 'asc',
		};
		const changed: FetchedOrder[] = [];
		for (let page = 1; ; page++) {
			const result = await this.ordersPage(page, query);
			changed.push(...result.items);
			if (page >= result.totalPages || result.items.length === 0) break;
		}
		for (let page = 1; ; page++) {
			const result = await this.ordersPage(page, { ...query, status: 'trash' });
			changed.push(...result.items);
			if (page >= result.totalPages || result.items.length === 0) break;
		}
		const byId = new Map(changed.map((o) => [o.id, o]));
		const live = [...byId.values()].filter((o) => o.status !== 'trash');
		const trashedIds = [...byId.values()].filter((o) => o.status === 'trash').map((o) => o.id);
		// Only those the engine still holds count as removed.
		const trashed = trashedIds.length
			? (
					await this.db.all<{ id: number }>(
						'SELECT id FROM orders WHERE parent_id = 0 AND id IN (SELECT unnest(CAST(? AS INTEGER[])))',
						[JSON.stringify(trashedIds)],
					)
				).map((r) => Number(r.id))
			: [];
		await this.newCustomers(live);
		const orders = await this.withRefunds(live);
		const products = catalogueRound
			? []
			: await this.reader.products({ modified_after: since, dates_are_gmt: true });
		const maxModified = [...byId.values()]
			.map((o) => o.dateModifiedGmt)
			.filter((d): d is string => d !== null)
			.map((d) => d.replace(' ', 'T'))
			.sort()
			.pop();
		const watermark =
			maxModified && (!state.watermark || maxModified > state.watermark)
				? maxModified
				: state.watermark;
		await this.db.transaction(async () => {
			if (products.length) await writeCatalogue(this.db, { products }, false);
			await writeOrderBatch(this.db, { orders, remove: trashed });
			await writeState(this.db, this.store.id, { watermark });
		});
		this.options.notifyWrite?.();
		let deleted = trashed.length;
		let fetched = live.length;
		// The catalogue; the settings were read at the start of this round. A large store's whole
		// customer list once a day, its newest customers in the other catalogue rounds.
		if (catalogueRound) {
			const wholeList = await this.wholeCustomerList();
			await this.syncCatalogue(false, wholeList);
			if (!wholeList) await this.newestCustomers();
		}
		if (fullScan) {
			const [f, d] = await this.fullScan();
			fetched += f;
			deleted += d;
		}
		const summary: RoundSummary = {
			at: new Date().toISOString(),
			orders: fetched,
			deleted,
			products: products.length,
			fullScan,
			ms: Date.now() - t0,
		};
		await writeState(this.db, this.store.id, {
			rounds: state.rounds + 1,
			lastSuccess: summary.at,
			lastError: null,
			lastErrorAt: null,
			lastRound: JSON.stringify(summary),
		});
		this.lastRound = summary;
		this.log(
			`Round ${state.rounds + 1}: ${fetched} orders read again, ${deleted} removed${fullScan ? ' (full id scan)' : ''}, ${summary.ms} ms.`,
		);
		return summary;
	}

	/** Records an error as the store's last error. */
	private async fail(error: unknown): Promise<void> {
		this.phase = 'error';
		const message = errorText(error);
		this.log(`Sync of ${this.store.id} failed: ${message}`);
		await this.stateWrites;
		await writeState(this.db, this.store.id, {
			lastError: message,
			lastErrorAt: new Date().toISOString(),
		}).catch(() => undefined);
	}

	private sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.wake = null;
				resolve();
			}, ms);
			this.wake = () => {
				clearTimeout(timer);
				this.wake = null;
				resolve();
			};
		});
	}

	/** Backfill (when not done), then rounds every interval until `stop()`. */
	start(): void {
		if (this.loop) return;
		this.stopping = false;
		this.loop = (async () => {
			while (!this.stopping) {
				try {
					await this.backfill();
					if (this.stopping) break;
					this.phase = 'syncing';
					await this.round();
					this.phase = 'idle';
				} catch (error) {
					await this.fail(error);
					// A failed round serves no request for settings: the error is the answer, and
					// the loop must not spin on it.
					if (this.settings.pending) this.settings = { ...this.settings, pending: false };
				}
				// Settings asked for during that round and not being read: the next one starts at once.
				if (!this.stopping && !(this.settings.pending && this.settingsRead === null)) {
					await this.sleep(this.intervalSeconds * 1000);
				}
			}
			this.phase = 'stopped';
		})();
	}

	/** The store's id (its normalised address). */
	get storeId(): string {
		return this.store.id;
	}

	/** Whether the loop of rounds runs (`start()` and not stopped). */
	get running(): boolean {
		return this.loop !== null && !this.stopping;
	}

	/** Runs the next round now (tests, the CLI). */
	async syncNow(): Promise<void> {
		try {
			await this.backfill();
			this.phase = 'syncing';
			await this.round();
			this.phase = 'idle';
		} catch (error) {
			await this.fail(error);
			throw error;
		}
	}

	/** Stops after the batch being written (never half of one). */
	async stop(): Promise<void> {
		this.stopping = true;
		this.wake?.();
		await this.loop;
		await this.settingsRead;
		this.loop = null;
		this.phase = 'stopped';
	}
}

/** The few fields of a full id scan. */
function mapOrderSummary(raw: unknown): {
	id: number;
	status: string;
	modified: string | null;
	refunds: string;
} {
	if (raw === null || typeof raw !== 'object') throw new MalformedError('order is not an object');
	const o = raw as Json;
	if (typeof o.id !== 'number' || !Number.isSafeInteger(o.id))
		throw new MalformedError('order.id is not an id');
	const refunds = Array.isArray(o.refunds)
		? o.refunds
				.map((r) => (r && typeof r === 'object' ? Number((r as Json).id) : NaN))
				.filter((n) => Number.isSafeInteger(n))
				.sort((a, b) => a - b)
				.join(',')
		: '';
	const modified =
		typeof o.date_modified_gmt === 'string'
			? o.date_modified_gmt.replace('T', ' ').slice(0, 19)
			: null;
	return { id: o.id, status: typeof o.status === 'string' ? o.status : '', modified, refunds };
}
