/**
 * Bulk seeding of the real stack: writes a store made by the demo generator (server/src/demo: its
 * orders, refunds, customers, products, coupons and tax rates) straight into WooCommerce's own
 * tables of a running MariaDB, in minutes for a store of a million orders (WooCommerce's PHP API
 * writes 15–37 orders a second here).
 *
 * The generator fills a DuckDB file with the store's rows (`npm run seed --unfinished` in a node
 * process of its own); DuckDB then shapes every WooCommerce table from it and writes
 * each as a tab-separated file, the largest first, and each is loaded as soon as it is written,
 * while the next is shaped: over two MariaDB connections (clients kept open), `LOAD DATA LOCAL
 * INFILE` with the table's secondary indexes dropped, then its indexes built again in one ALTER
 * TABLE; the generated store is finished (its indexes, costs and admin data) in a connection's
 * turn after the last table is queued. What is written
 * (columns learnt from the installed schema, never from WooCommerce's code):
 * - HPOS orders and refunds: `wc_orders`, `wc_order_addresses` (billing, and shipping for physical
 *   orders), `wc_order_operational_data`, `wc_orders_meta` (attribution, address indexes, the
 *   refunds' amount); a `shop_order_placehold` post per order reserves its id among the posts;
 * - order items (`line_item`, `shipping`, `tax`, `coupon`) and their meta (product, variation,
 *   quantity, line totals and per-rate tax data, shipping taxes, tax rates, coupon discounts; a
 *   refund that gives shipping back has its shipping line, as WooCommerce records it);
 * - customers: a WordPress user per registered customer (role customer) and
 *   `wc_customer_lookup`;
 * - the catalogue: products, variations and coupons as posts with their meta, the product type
 *   terms, `wc_product_meta_lookup`; the tax rates (`woocommerce_tax_rates`);
 * - WooCommerce's analytics tables: `wc_order_stats`, `wc_order_product_lookup`,
 *   `wc_order_coupon_lookup`, `wc_order_tax_lookup`.
 * The store's earlier orders, customers' lookup rows, products, coupons and tax rates are removed
 * first, so the store holds exactly the generated one. Ids: products, coupons and orders share the
 * posts' id space (each moved past the highest post id), users follow the highest user id; order
 * items and customer lookup ids are the generator's. WooCommerce's date type for analytics is set
 * to the date created (the generator's stats follow it). Categories, attributes' terms and
 * downloads are not written.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db, duckdbThreads } from '../../server/src/core/db.js';
import { finishStore } from '../../server/src/demo/generate.js';

const REPO = path.resolve(__dirname, '../..');

export interface BulkSeedOptions {
	/** Orders to generate (refunds come on top). */
	orders: number;
	/** The generator's seed (default 1). */
	seed?: number;
	/** "Today" of the generated history (default: now). */
	now?: Date;
	/** Where the generated DuckDB store is written (kept: it holds the expected figures). */
	duckdb: string;
	/** WordPress's table prefix (default wp_). */
	prefix?: string;
	/** MariaDB connections loading tables at once (default 2). */
	connections?: number;
	log?: (line: string) => void;
}

export interface BulkSeedResult {
	orders: number;
	refunds: number;
	/**
	 * Wall seconds. Generating the store's rows; then shaping (DuckDB writing WooCommerce's tables
	 * as files, the first tables loading meanwhile); loading and building indexes are the time the
	 * MariaDB connections spent on each, added up over connections that ran at the same time;
	 * writing is all of it after the generator, from the first table shaped to the last index built
	 * (the generated store's own indexes, costs and admin data made in a connection's turn).
	 */
	generateSeconds: number;
	shapeSeconds: number;
	loadSeconds: number;
	indexSeconds: number;
	writeSeconds: number;
	/** All of it, and orders (not refunds) per second over it. */
	seconds: number;
	ordersPerSecond: number;
	/**
	 * CPU seconds: the generator's process, this process (DuckDB shaping the files, then finishing
	 * the generated store), MariaDB's server (loading and indexing) and its clients; their sum, and
	 * orders per CPU second over it: the rate on a machine with nothing else running.
	 */
	generateCpuSeconds: number;
	shapeCpuSeconds: number;
	serverCpuSeconds: number;
	clientCpuSeconds: number;
	cpuSeconds: number;
	ordersPerCpuSecond: number;
	timeZone: string;
}

const clientArgs = (socket: string) => [
	`--socket=${socket}`,
	'-uroot',
	'--local-infile=1',
	'--batch',
	'--skip-column-names',
	'wordpress',
];

/** Runs SQL through the MariaDB client on `socket` (database `wordpress`); returns its output. */
export function mariadb(socket: string, sql: string): string {
	return execFileSync('mariadb', clientArgs(socket), {
		input: sql,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
}

/**
 * One MariaDB client kept open (one connection): statements are written to it as they come, and
 * `run` resolves when the client has got through them (a marker selected after them comes back).
 * The client stops at the first error; its message rejects the statement and every later one.
 */
class MariaDbSession {
	private readonly client: ChildProcess;
	private output = '';
	private stderr = '';
	private marker = 0;
	private readonly pending = new Map<
		string,
		{ resolve: () => void; reject: (e: Error) => void }
	>();
	private ended: Error | null = null;
	private readonly closed: Promise<void>;

	constructor(socket: string) {
		this.client = spawn('mariadb', ['--unbuffered', ...clientArgs(socket)], {
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		this.client.stdout?.on('data', (chunk: Buffer) => {
			this.output += chunk.toString();
			const lines = this.output.split('\n');
			this.output = lines.pop() ?? '';
			for (const line of lines) {
				this.pending.get(line)?.resolve();
				this.pending.delete(line);
			}
		});
		this.client.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
		this.closed = new Promise((resolve) => {
			const close = (why: string) => {
				this.ended ??= new Error(`mariadb ${why}: ${this.stderr.slice(0, 2000)}`);
				for (const { reject } of this.pending.values()) reject(this.ended);
				this.pending.clear();
				resolve();
			};
			this.client.on('error', (error) => close(error.message));
			this.client.on('close', (code) => close(`exited with ${code}`));
		});
	}

	run(sql: string): Promise<void> {
		if (this.ended) return Promise.reject(this.ended);
		const marker = `abacus-done-${++this.marker}`;
		const done = new Promise<void>((resolve, reject) =>
			this.pending.set(marker, { resolve, reject }),
		);
		this.client.stdin?.write(`${sql}\nSELECT '${marker}';\n`);
		return done;
	}

	/** Ends the client once its statements are done; throws when it failed. */
	async end(): Promise<void> {
		this.client.stdin?.end();
		await this.closed;
		if (this.client.exitCode !== 0) throw this.ended;
	}
}

/**
 * Runs jobs over `sessions` MariaDB connections, one job a connection at a time, in the order
 * added; after a failure, the jobs not started are not.
 */
class LoadQueue {
	private readonly idle: MariaDbSession[];
	private readonly waiting: Array<(session: MariaDbSession) => Promise<void>> = [];
	private readonly finished: Array<Promise<void>> = [];
	private failure: { error: unknown } | null = null;

	constructor(private readonly sessions: MariaDbSession[]) {
		this.idle = [...sessions];
	}

	add(job: (session: MariaDbSession) => Promise<void>): void {
		this.finished.push(
			new Promise<void>((resolve) => {
				this.waiting.push(async (session) => {
					try {
						if (!this.failure) await job(session);
					} catch (error) {
						this.failure ??= { error };
					} finally {
						resolve();
					}
				});
				this.next();
			}),
		);
	}

	private next(): void {
		for (;;) {
			const session = this.idle.pop();
			if (!session) return;
			const job = this.waiting.shift();
			if (!job) {
				this.idle.push(session);
				return;
			}
			void job(session).then(() => {
				this.idle.push(session);
				this.next();
			});
		}
	}

	/** Waits for every job, then ends the connections; throws the first failure. */
	async done(): Promise<void> {
		await Promise.all(this.finished);
		const ends = await Promise.allSettled(this.sessions.map((s) => s.end()));
		if (this.failure) throw this.failure.error;
		for (const end of ends) if (end.status === 'rejected') throw end.reason;
	}

	/** Waits for the jobs started (none more start) and ends the connections. */
	async stop(): Promise<void> {
		this.failure ??= { error: new Error('Stopped.') };
		await Promise.all(this.finished);
		await Promise.allSettled(this.sessions.map((s) => s.end()));
	}
}

/** CPU seconds (user + system) of this process's finished children (the MariaDB clients). */
/** DuckDB's threads while nothing else runs: every core, unless ABACUS_DUCKDB_THREADS says. */
function everyCore(): string {
	return process.env.ABACUS_DUCKDB_THREADS ? duckdbThreads() : String(os.availableParallelism());
}

/**
 * Writes the generated store's rows into `file` with `npm run seed` (the server's build) in a
 * node process of its own: inside jest's module sandbox the generator took 16.9 s for 200,000
 * orders, in its own process 9.2 s (the DuckDB work is the same; the JavaScript ran slower).
 * Nothing else runs meanwhile, so its DuckDB statements take every core (the server's default
 * leaves one to its HTTP thread): 1,000,000 orders in 35 s against 43 with one thread. The store
 * is left unfinished (its indexes, costs and admin data, about 9 s at 1,000,000 orders, are made
 * by finishStore beside the loads).
 */
function generateApart(
	file: string,
	orders: number,
	seed: number,
	timeZone: string,
	now: Date,
): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[
				path.join(REPO, 'scripts', 'seed.js'),
				'--orders',
				String(orders),
				'--db',
				file,
				'--seed',
				String(seed),
				'--timezone',
				timeZone,
				'--now',
				now.toISOString(),
				'--unfinished',
			],
			{
				cwd: REPO,
				stdio: ['ignore', 'pipe', 'pipe'],
				env: { ...process.env, ABACUS_DUCKDB_THREADS: everyCore() },
			},
		);
		let output = '';
		const keep = (chunk: Buffer): void => {
			output = (output + chunk.toString()).slice(-4000);
		};
		child.stdout?.on('data', keep);
		child.stderr?.on('data', keep);
		child.on('error', reject);
		child.on('exit', (code, signal) => {
			if (code === 0) resolve();
			else
				reject(
					new Error(
						`Generating the store (${orders} orders into ${file}) failed (${signal ?? `exit ${code}`}): ${output}`,
					),
				);
		});
	});
}

function childrenCpuSeconds(): number {
	// /proc/self/stat: cutime and cstime are fields 16 and 17, in clock ticks (100 a second).
	const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
	return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Shaping order: the largest tables first (their loads and index builds take longest). */
function firstShaped(table: string): number {
	const order = [
		'woocommerce_order_itemmeta',
		'wc_orders_meta',
		'woocommerce_order_items',
		'wc_order_addresses',
	];
	const at = order.indexOf(table);
	return at < 0 ? order.length : at;
}

/** One line of a seeding's figures: wall and CPU seconds, per phase and in all. */
export function describeBulkSeed(r: BulkSeedResult): string {
	const s = (x: number) => x.toFixed(1);
	return `${r.orders} orders and ${r.refunds} refunds in ${s(r.seconds)} s, ${r.ordersPerSecond} orders/s (generating ${s(r.generateSeconds)} s; then ${s(r.writeSeconds)} s shaping, loading and building indexes side by side: shaping ${s(r.shapeSeconds)} s, loading ${s(r.loadSeconds)} s, indexes ${s(r.indexSeconds)} s); ${s(r.cpuSeconds)} CPU seconds (generating ${s(r.generateCpuSeconds)}, shaping ${s(r.shapeCpuSeconds)}, MariaDB ${s(r.serverCpuSeconds)}, its clients ${s(r.clientCpuSeconds)}), ${r.ordersPerCpuSecond} orders per CPU second`;
}

/** CPU seconds (user + system) MariaDB's server process has used so far. */
function serverCpuSeconds(socket: string): number {
	const pidFile = mariadb(socket, 'SELECT @@pid_file;').trim();
	const pid = Number(readFileSync(pidFile, 'utf8').trim());
	// /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 a second).
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

const sqlString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The store's time zone as an IANA name (WordPress's `timezone_string`, or a whole-hour offset). */
function storeTimeZone(socket: string, prefix: string): string {
	const rows = mariadb(
		socket,
		`SELECT option_name, option_value FROM ${prefix}options WHERE option_name IN ('timezone_string', 'gmt_offset');`,
	)
		.trim()
		.split('\n')
		.map((line) => line.split('\t'));
	const options = Object.fromEntries(rows.filter((r) => r.length === 2));
	if (options.timezone_string) return options.timezone_string;
	const offset = Number(options.gmt_offset ?? 0);
	if (!Number.isInteger(offset)) {
		throw new Error(
			`The store's time offset ${offset} h is not a whole hour: set a city as its time zone.`,
		);
	}
	return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** One WooCommerce table: its columns (as loaded) and the DuckDB query giving its rows. */
interface Shaped {
	table: string;
	columns: string[];
	query: string;
}

/**
 * The DuckDB queries shaping WooCommerce's tables from the generated store. P, C, O and U are the
 * offsets of product, coupon, order and user ids.
 */
function shapes(p: {
	P: number;
	C: number;
	O: number;
	U: number;
	simpleTerm: number;
	variableTerm: number;
}): Shaped[] {
	const { P, C, O, U } = p;
	const ts = (x: string) => `strftime(${x}, '%Y-%m-%d %H:%M:%S')`;
	// Local dates to GMT by the order's own offset (its date created's).
	const gmt = (x: string) => ts(`${x} - (o.date_created - o.date_created_gmt)`);
	const posts =
		'ID, post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, comment_count'.split(
			', ',
		);
	const post = (
		id: string,
		date: string,
		dateGmt: string,
		title: string,
		status: string,
		name: string,
		parent: string,
		type: string,
	) =>
		`${id}, 1, ${ts(date)}, ${ts(dateGmt)}, '', ${title}, '', ${status}, 'closed', 'closed', '', ${name}, '', '', ${ts(date)}, ${ts(dateGmt)}, '', ${parent}, '', 0, ${type}, '', 0`;
	return [
		{
			table: 'woocommerce_tax_rates',
			columns: [
				'tax_rate_id',
				'tax_rate_country',
				'tax_rate_state',
				'tax_rate',
				'tax_rate_name',
				'tax_rate_priority',
				'tax_rate_compound',
				'tax_rate_shipping',
				'tax_rate_order',
				'tax_rate_class',
			],
			query: `SELECT tax_rate_id, tax_rate_country, tax_rate_state, tax_rate, tax_rate_name, tax_rate_priority,
				tax_rate_compound::INT, tax_rate_shipping::INT, tax_rate_order, tax_rate_class FROM tax_rates ORDER BY 1`,
		},
		{
			table: 'posts',
			columns: posts,
			query: `SELECT * FROM (
				SELECT ${post(`id + ${P}`, 'date_created', 'date_created_gmt', 'name', 'status', 'slug', `CASE WHEN parent_id > 0 THEN parent_id + ${P} ELSE 0 END`, "CASE WHEN type = 'variation' THEN 'product_variation' ELSE 'product' END")} FROM products
				UNION ALL
				SELECT ${post(`id + ${C}`, 'date_created', 'date_created_gmt', 'code', "'publish'", 'code', '0', "'shop_coupon'")} FROM coupons
				UNION ALL
				SELECT ${post(`id + ${O}`, 'date_created', 'date_created_gmt', "''", "'draft'", "''", '0', "'shop_order_placehold'")} FROM orders
			) ORDER BY 1`,
		},
		{
			table: 'postmeta',
			columns: ['post_id', 'meta_key', 'meta_value'],
			query: `SELECT id, kv[1], coalesce(kv[2], '') FROM (
				SELECT id + ${P} AS id, unnest([
					['_sku', sku], ['_price', amt(price)], ['_regular_price', amt(regular_price)],
					['_sale_price', amt(sale_price)], ['_manage_stock', CASE WHEN manage_stock THEN 'yes' ELSE 'no' END],
					['_stock', amt(stock_quantity)], ['_stock_status', stock_status],
					['_low_stock_amount', low_stock_amount::VARCHAR],
					['_virtual', CASE WHEN virtual THEN 'yes' ELSE 'no' END],
					['_downloadable', CASE WHEN downloadable THEN 'yes' ELSE 'no' END],
					['total_sales', total_sales::VARCHAR], ['_tax_status', 'taxable'],
					['_tax_class', CASE WHEN type = 'variation' THEN 'parent' ELSE '' END],
					['_backorders', 'no'], ['_sold_individually', 'no'], ['_product_version', '10.0.2'],
					['_wc_average_rating', amt(average_rating)], ['_wc_review_count', rating_count::VARCHAR]
				]) AS kv FROM products
				UNION ALL
				SELECT id + ${C}, unnest([
					['discount_type', discount_type], ['coupon_amount', amt(amount)], ['individual_use', 'no'],
					['usage_limit', '0'], ['usage_limit_per_user', '0'],
					['date_expires', CASE WHEN date_expires_gmt IS NULL THEN NULL ELSE epoch(date_expires_gmt)::BIGINT::VARCHAR END],
					['free_shipping', CASE WHEN discount_type = 'fixed_cart' AND code = 'freeship' THEN 'yes' ELSE 'no' END],
					['exclude_sale_items', 'no']
				]) FROM coupons
			) ORDER BY id`,
		},
		{
			table: 'term_relationships',
			columns: ['object_id', 'term_taxonomy_id', 'term_order'],
			query: `SELECT id + ${P}, CASE WHEN type = 'variable' THEN ${p.variableTerm} ELSE ${p.simpleTerm} END, 0
				FROM products WHERE type <> 'variation' ORDER BY 1`,
		},
		{
			table: 'wc_product_meta_lookup',
			columns: [
				'product_id',
				'sku',
				'virtual',
				'downloadable',
				'min_price',
				'max_price',
				'onsale',
				'stock_quantity',
				'stock_status',
				'rating_count',
				'average_rating',
				'total_sales',
				'tax_status',
				'tax_class',
			],
			query: `SELECT product_id + ${P}, sku, virtual::INT, downloadable::INT, amt(min_price), amt(max_price), onsale::INT,
				amt(stock_quantity), stock_status, rating_count, amt(average_rating), total_sales, tax_status, tax_class
				FROM product_meta_lookup ORDER BY 1`,
		},
		{
			table: 'users',
			columns: [
				'ID',
				'user_login',
				'user_pass',
				'user_nicename',
				'user_email',
				'user_url',
				'user_registered',
				'user_activation_key',
				'user_status',
				'display_name',
			],
			// No password: these customers cannot sign in (their password is reset by e-mail).
			query: `SELECT id + ${U}, username, '', username, email, '', ${ts('date_registered')}, '', 0,
				first_name || ' ' || last_name FROM users ORDER BY 1`,
		},
		{
			table: 'usermeta',
			columns: ['user_id', 'meta_key', 'meta_value'],
			query: `SELECT id + ${U}, kv[1], kv[2] FROM (SELECT id, unnest([
					['nickname', username], ['first_name', first_name], ['last_name', last_name],
					['wp_capabilities', 'a:1:{s:' || length(role) || ':"' || role || '";b:1;}'],
					['wp_user_level', '0'], ['billing_first_name', first_name], ['billing_last_name', last_name],
					['billing_email', email]
				]) AS kv FROM users) ORDER BY id`,
		},
		{
			table: 'wc_customer_lookup',
			columns: [
				'customer_id',
				'user_id',
				'username',
				'first_name',
				'last_name',
				'email',
				'date_last_active',
				'date_registered',
				'country',
				'postcode',
				'city',
				'state',
			],
			query: `SELECT customer_id, user_id + ${U}, username, first_name, last_name, email, ${ts('date_last_active')},
				${ts('date_registered')}, country, postcode, city, state FROM customer_lookup ORDER BY 1`,
		},
		{
			table: 'wc_orders',
			columns: [
				'id',
				'status',
				'currency',
				'type',
				'tax_amount',
				'total_amount',
				'customer_id',
				'billing_email',
				'date_created_gmt',
				'date_updated_gmt',
				'parent_order_id',
				'payment_method',
				'payment_method_title',
				'transaction_id',
				'ip_address',
				'user_agent',
				'customer_note',
			],
			query: `SELECT o.id + ${O}, 'wc-' || o.status, o.currency, o.type, amt(o.cart_tax), amt(o.total),
				CASE WHEN o.parent_id > 0 THEN NULL ELSE coalesce(o.user_id + ${U}, 0) END, nullif(o.billing_email, ''),
				${ts('o.date_created_gmt')}, ${ts('o.date_created_gmt')},
				CASE WHEN o.parent_id > 0 THEN o.parent_id + ${O} ELSE 0 END,
				CASE WHEN o.parent_id > 0 THEN NULL ELSE o.payment_method END,
				CASE WHEN o.parent_id > 0 THEN NULL ELSE coalesce(d.payment_method_title, '') END,
				CASE WHEN o.parent_id > 0 THEN NULL ELSE '' END, CASE WHEN o.parent_id > 0 THEN NULL ELSE '' END,
				CASE WHEN o.parent_id > 0 THEN NULL ELSE '' END, CASE WHEN o.parent_id > 0 THEN NULL ELSE '' END
				FROM orders o LEFT JOIN order_details d ON d.order_id = o.id ORDER BY o.id`,
		},
		{
			table: 'wc_order_addresses',
			columns: [
				'order_id',
				'address_type',
				'first_name',
				'last_name',
				'city',
				'state',
				'postcode',
				'country',
				'email',
			],
			query: `SELECT * FROM (
				SELECT o.id + ${O} AS id, 'billing' AS type, billing_first_name, billing_last_name, billing_city, billing_state,
					billing_postcode, billing_country, billing_email FROM orders o WHERE parent_id = 0
				UNION ALL
				SELECT o.id + ${O}, 'shipping', billing_first_name, billing_last_name,
					CASE WHEN d.shipping_country = o.billing_country THEN billing_city ELSE '' END, d.shipping_state,
					CASE WHEN d.shipping_country = o.billing_country THEN billing_postcode ELSE '' END, d.shipping_country, NULL
				FROM orders o JOIN order_details d ON d.order_id = o.id WHERE o.parent_id = 0 AND d.shipping_country <> ''
			) ORDER BY id, type`,
		},
		{
			table: 'wc_order_operational_data',
			columns: [
				'order_id',
				'created_via',
				'woocommerce_version',
				'prices_include_tax',
				'coupon_usages_are_counted',
				'download_permission_granted',
				'cart_hash',
				'new_order_email_sent',
				'order_key',
				'order_stock_reduced',
				'date_paid_gmt',
				'date_completed_gmt',
				'shipping_tax_amount',
				'shipping_total_amount',
				'discount_tax_amount',
				'discount_total_amount',
				'recorded_sales',
			],
			query: `SELECT o.id + ${O}, CASE WHEN parent_id = 0 THEN 'checkout' END, '10.0.2', 0,
				CASE WHEN parent_id = 0 THEN 1 END, CASE WHEN parent_id = 0 THEN 1 END, CASE WHEN parent_id = 0 THEN '' END,
				CASE WHEN parent_id = 0 THEN 1 END,
				CASE WHEN parent_id = 0 THEN 'wc_order_' || substr(md5(o.id::VARCHAR), 1, 13) END,
				CASE WHEN parent_id = 0 THEN 1 END, ${gmt('o.date_paid')}, ${gmt('o.date_completed')},
				amt(shipping_tax), amt(shipping_total), '0', amt(discount_total),
				CASE WHEN parent_id = 0 AND date_paid IS NOT NULL THEN 1 WHEN parent_id = 0 THEN 0 END
				FROM orders o ORDER BY o.id`,
		},
		{
			table: 'wc_orders_meta',
			columns: ['order_id', 'meta_key', 'meta_value'],
			query: `SELECT * FROM (
				SELECT order_id + ${O} AS id, meta_key, meta_value FROM order_meta
				UNION ALL
				SELECT o.id + ${O}, '_billing_address_index', concat_ws(' ', billing_first_name, billing_last_name, billing_city,
					billing_state, billing_postcode, billing_country, billing_email) FROM orders o WHERE parent_id = 0
				UNION ALL
				SELECT o.id + ${O}, unnest(['_refund_amount', '_refunded_by', '_refunded_payment', '_refund_reason']),
					unnest([amt(-total), '1', '', '']) FROM orders o WHERE parent_id > 0
			) ORDER BY id`,
		},
		{
			table: 'woocommerce_order_items',
			columns: ['order_item_id', 'order_item_name', 'order_item_type', 'order_id'],
			query: `SELECT order_item_id, name, type, order_id + ${O} FROM woo_items ORDER BY 1`,
		},
		{
			table: 'woocommerce_order_itemmeta',
			columns: ['order_item_id', 'meta_key', 'meta_value'],
			query: `SELECT * FROM (
				SELECT i.order_item_id AS id, unnest([
					'_product_id', '_variation_id', '_qty', '_tax_class', '_line_subtotal', '_line_subtotal_tax',
					'_line_total', '_line_tax', '_line_tax_data']) AS k,
					unnest([(CASE WHEN i.variation_id > 0 THEN i.product_id ELSE i.product_id END + ${P})::VARCHAR,
					CASE WHEN i.variation_id > 0 THEN (i.variation_id + ${P})::VARCHAR ELSE '0' END,
					i.qty::VARCHAR, '', amt(i.subtotal), amt(i.tax), amt(i.total), amt(i.tax),
					'a:2:{s:5:"total";' || coalesce(t.data, 'a:0:{}') || 's:8:"subtotal";' || coalesce(t.data, 'a:0:{}') || '}']) AS v
				FROM order_items i LEFT JOIN line_tax t ON t.order_item_id = i.order_item_id
				UNION ALL
				SELECT order_item_id, meta_key, meta_value FROM order_item_meta
				UNION ALL
				SELECT w.order_item_id, unnest(['method_id', 'instance_id', 'cost', 'total_tax', 'taxes']),
					unnest([s.method_id, '', amt(s.total), amt(s.total_tax),
					'a:1:{s:5:"total";' || coalesce(t.data, 'a:0:{}') || '}'])
				FROM woo_items w JOIN shipping_lines s ON s.order_item_id = w.source_id AND w.type = 'shipping'
				LEFT JOIN shipping_tax t ON t.order_id = s.order_id
				UNION ALL
				SELECT w.order_item_id, unnest(['rate_id', 'label', 'compound', 'tax_amount', 'shipping_tax_amount', 'rate_percent']),
					unnest([r.tax_rate_id::VARCHAR, r.tax_rate_name, CASE WHEN r.tax_rate_compound THEN '1' ELSE '' END,
					amt(x.order_tax), amt(x.shipping_tax), amt(r.tax_rate::DOUBLE)])
				FROM woo_items w JOIN order_tax_items x ON w.type = 'tax' AND x.order_id = w.order_id AND x.tax_rate_id = w.source_id
				JOIN tax_rates r ON r.tax_rate_id = x.tax_rate_id
				UNION ALL
				SELECT w.order_item_id, unnest(['discount_amount', 'discount_amount_tax', 'coupon_info']),
					unnest([amt(x.discount_amount), '0', '[' || (c.id + ${C}) || ',"' || c.code || '","' || c.discount_type || '",' || amt(c.amount) || ']'])
				FROM woo_items w JOIN order_coupon_items x ON w.type = 'coupon' AND x.order_id = w.order_id AND x.coupon_id = w.source_id
				JOIN coupons c ON c.id = x.coupon_id
			) ORDER BY id`,
		},
		{
			table: 'wc_order_stats',
			columns: [
				'order_id',
				'parent_id',
				'date_created',
				'date_created_gmt',
				'date_paid',
				'date_completed',
				'num_items_sold',
				'total_sales',
				'tax_total',
				'shipping_total',
				'net_total',
				'returning_customer',
				'status',
				'customer_id',
			],
			query: `SELECT order_id + ${O}, CASE WHEN parent_id > 0 THEN parent_id + ${O} ELSE 0 END, ${ts('date_created')},
				${ts('date_created_gmt')}, ${ts('date_paid')}, ${ts('date_completed')}, num_items_sold, total_sales, tax_total,
				shipping_total, net_total, returning_customer::INT, status, coalesce(customer_id, 0) FROM order_stats ORDER BY 1`,
		},
		{
			table: 'wc_order_product_lookup',
			columns: [
				'order_item_id',
				'order_id',
				'product_id',
				'variation_id',
				'customer_id',
				'date_created',
				'product_qty',
				'product_net_revenue',
				'product_gross_revenue',
				'coupon_amount',
				'tax_amount',
				'shipping_amount',
				'shipping_tax_amount',
			],
			query: `SELECT order_item_id, order_id + ${O}, product_id + ${P}, CASE WHEN variation_id > 0 THEN variation_id + ${P} ELSE 0 END,
				customer_id, ${ts('date_created')}, product_qty, product_net_revenue, product_gross_revenue, coupon_amount,
				tax_amount, shipping_amount, shipping_tax_amount FROM order_product_lookup ORDER BY 1`,
		},
		{
			table: 'wc_order_coupon_lookup',
			columns: ['order_id', 'coupon_id', 'date_created', 'discount_amount'],
			query: `SELECT order_id + ${O}, coupon_id + ${C}, ${ts('date_created')}, discount_amount FROM order_coupon_lookup ORDER BY 1, 2`,
		},
		{
			table: 'wc_order_tax_lookup',
			columns: [
				'order_id',
				'tax_rate_id',
				'date_created',
				'shipping_tax',
				'order_tax',
				'total_tax',
			],
			query: `SELECT order_id + ${O}, tax_rate_id, ${ts('date_created')}, shipping_tax, order_tax, total_tax FROM order_tax_lookup ORDER BY 1, 2`,
		},
	];
}

/** Helper tables in DuckDB: WooCommerce's order items with their ids, per-rate tax data. */
async function prepareShapes(db: Db): Promise<void> {
	await db.exec(`
		-- An amount as WooCommerce writes it: at most 4 decimals, no trailing zeros, never -0 (the
		-- same text as printf('%.4f') trimmed, a quarter faster).
		CREATE OR REPLACE MACRO amt(x) AS CASE WHEN x IS NULL THEN NULL
			ELSE rtrim(rtrim(round(x, 4)::DECIMAL(18, 4)::VARCHAR, '0'), '.') END;
		CREATE OR REPLACE MACRO ser_str(x) AS 's:' || strlen(x) || ':"' || x || '";';
		-- The shipping lines, and a refund's shipping line where it gives shipping back (the generator
		-- records that amount on the refund only; WooCommerce keeps it as a line of the refund, which
		-- its REST API lists and an engine's sync reads).
		CREATE OR REPLACE TEMP TABLE shipping_lines AS
		SELECT order_item_id, order_id, method_id, method_title, total, total_tax FROM order_shipping_lines
		UNION ALL
		SELECT (SELECT coalesce(max(order_item_id), 0) FROM order_shipping_lines) + row_number() OVER (ORDER BY r.id),
			r.id, coalesce(p.method_id, 'flat_rate'), coalesce(p.method_title, 'Flat rate'), r.shipping_total, r.shipping_tax
		FROM orders r LEFT JOIN (SELECT order_id, min(method_id) AS method_id, min(method_title) AS method_title
			FROM order_shipping_lines GROUP BY order_id) p ON p.order_id = r.parent_id
		WHERE r.parent_id > 0 AND (r.shipping_total <> 0 OR r.shipping_tax <> 0)
			AND NOT EXISTS (SELECT 1 FROM order_shipping_lines s WHERE s.order_id = r.id);
		CREATE OR REPLACE TEMP TABLE woo_items AS
		WITH last AS (SELECT coalesce(max(order_item_id), 0) AS n FROM order_items),
		ship AS (SELECT order_item_id AS source_id, order_id, method_title AS name, 'shipping' AS type,
			row_number() OVER (ORDER BY order_item_id) AS k FROM shipping_lines),
		tax AS (SELECT x.tax_rate_id AS source_id, x.order_id,
			upper(r.tax_rate_country || '-' || r.tax_rate_state || '-' || r.tax_rate_name || '-' || r.tax_rate_priority) AS name,
			'tax' AS type, row_number() OVER (ORDER BY x.order_id, x.tax_rate_id) AS k
			FROM order_tax_items x JOIN tax_rates r ON r.tax_rate_id = x.tax_rate_id),
		coupon AS (SELECT x.coupon_id AS source_id, x.order_id, c.code AS name, 'coupon' AS type,
			row_number() OVER (ORDER BY x.order_id, x.coupon_id) AS k
			FROM order_coupon_items x JOIN coupons c ON c.id = x.coupon_id)
		SELECT order_item_id, order_item_id AS source_id, order_id, name, 'line_item' AS type FROM order_items
		UNION ALL SELECT (SELECT n FROM last) + k, source_id, order_id, name, type FROM ship
		UNION ALL SELECT (SELECT n FROM last) + (SELECT count(*) FROM ship) + k, source_id, order_id, name, type FROM tax
		UNION ALL SELECT (SELECT n FROM last) + (SELECT count(*) FROM ship) + (SELECT count(*) FROM tax) + k,
			source_id, order_id, name, type FROM coupon;
		-- Each line's tax by rate: its order's rates in proportion to their share of the order's tax.
		CREATE OR REPLACE TEMP TABLE line_tax AS
		WITH rates AS (SELECT order_id, tax_rate_id, order_tax,
			sum(order_tax) OVER (PARTITION BY order_id) AS all_tax FROM order_tax_items)
		SELECT i.order_item_id, 'a:' || count(*) || ':{' ||
			string_agg('i:' || r.tax_rate_id || ';' ||
				ser_str(amt(CASE WHEN r.all_tax = 0 THEN 0 ELSE i.tax * r.order_tax / r.all_tax END)), '' ORDER BY r.tax_rate_id) || '}' AS data
		FROM order_items i JOIN rates r ON r.order_id = i.order_id GROUP BY i.order_item_id;
		CREATE OR REPLACE TEMP TABLE shipping_tax AS
		SELECT order_id, 'a:' || count(*) || ':{' ||
			string_agg('i:' || tax_rate_id || ';' || ser_str(amt(shipping_tax)), '' ORDER BY tax_rate_id) || '}' AS data
		FROM order_tax_items WHERE shipping_tax <> 0 GROUP BY order_id;
	`);
}

/** Tables emptied before the load (whole tables, or their rows of the kinds written). */
function clearSql(prefix: string): string {
	const t = (name: string) => `\`${prefix}${name}\``;
	const truncate = [
		'wc_orders',
		'wc_order_addresses',
		'wc_order_operational_data',
		'wc_orders_meta',
		'woocommerce_order_items',
		'woocommerce_order_itemmeta',
		'wc_order_stats',
		'wc_order_product_lookup',
		'wc_order_coupon_lookup',
		'wc_order_tax_lookup',
		'wc_customer_lookup',
		'woocommerce_tax_rates',
		'woocommerce_tax_rate_locations',
		'wc_product_meta_lookup',
		'wc_product_attributes_lookup',
		'woocommerce_downloadable_product_permissions',
		'wc_download_log',
	];
	const types = "('product', 'product_variation', 'shop_coupon', 'shop_order_placehold')";
	return [
		...truncate.map((name) => `TRUNCATE TABLE ${t(name)};`),
		`DELETE m FROM ${t('postmeta')} m JOIN ${t('posts')} p ON p.ID = m.post_id WHERE p.post_type IN ${types};`,
		`DELETE r FROM ${t('term_relationships')} r JOIN ${t('posts')} p ON p.ID = r.object_id WHERE p.post_type IN ${types};`,
		`DELETE FROM ${t('posts')} WHERE post_type IN ${types};`,
	].join('\n');
}

interface SecondaryIndex {
	table: string;
	name: string;
	unique: boolean;
	columns: string[];
}

/** The secondary indexes of `tables` (dropped during the load, built again after it). */
function secondaryIndexes(socket: string, tables: string[]): SecondaryIndex[] {
	const out = mariadb(
		socket,
		`SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, COLUMN_NAME, coalesce(SUB_PART, '') FROM information_schema.STATISTICS
		WHERE TABLE_SCHEMA = 'wordpress' AND INDEX_NAME <> 'PRIMARY' AND TABLE_NAME IN (${tables.map(sqlString).join(', ')})
		ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX;`,
	);
	const byName = new Map<string, SecondaryIndex>();
	for (const line of out.trim().split('\n').filter(Boolean)) {
		const [table, name, nonUnique, column, part] = line.split('\t');
		const key = `${table}.${name}`;
		let index = byName.get(key);
		if (!index) {
			index = { table, name, unique: nonUnique === '0', columns: [] };
			byName.set(key, index);
		}
		index.columns.push(part ? `\`${column}\`(${part})` : `\`${column}\``);
	}
	return [...byName.values()];
}

/**
 * Writes a generated store of `options.orders` orders into the WooCommerce whose MariaDB listens
 * on `socket` (the `wordpress` database), replacing its orders, customers' lookup rows, catalogue
 * and tax rates. The caller starts and stops MariaDB and keeps or removes `options.duckdb`.
 */
export async function bulkSeedWooCommerce(
	socket: string,
	options: BulkSeedOptions,
): Promise<BulkSeedResult> {
	const log = options.log ?? (() => undefined);
	const prefix = options.prefix ?? 'wp_';
	if (!/^[A-Za-z0-9_]+$/.test(prefix)) throw new Error(`Bad table prefix "${prefix}".`);
	if (!Number.isInteger(options.orders) || options.orders < 1) {
		throw new Error(`orders must be a whole number above 0 (got ${options.orders}).`);
	}
	const started = performance.now();
	const cpuAtStart = process.cpuUsage();
	const clientCpuAtStart = childrenCpuSeconds();
	const serverCpuAtStart = serverCpuSeconds(socket);
	const timeZone = storeTimeZone(socket, prefix);
	rmSync(options.duckdb, { force: true });
	rmSync(`${options.duckdb}.wal`, { force: true });
	// The store's rows, by `npm run seed` in a process of its own; the rest of the store is made
	// beside the loads (finishStore, below).
	const now = options.now ?? new Date();
	await generateApart(options.duckdb, options.orders, options.seed ?? 1, timeZone, now);
	const generatorCpu = childrenCpuSeconds() - clientCpuAtStart;
	const db = await Db.open(options.duckdb);
	const dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-woo-bulk-'));
	try {
		const generated = performance.now();
		const generatedCpu = process.cpuUsage(cpuAtStart);
		log(
			`Generated ${options.orders} orders in ${((generated - started) / 1000).toFixed(1)} s.`,
		);

		// Ids: the posts' and users' highest, once the kinds replaced are gone.
		mariadb(socket, clearSql(prefix));
		const [maxPost, maxUser, simpleTerm, variableTerm] = mariadb(
			socket,
			`SELECT (SELECT coalesce(max(ID), 0) FROM ${prefix}posts), (SELECT coalesce(max(ID), 0) FROM ${prefix}users),
			(SELECT tt.term_taxonomy_id FROM ${prefix}terms t JOIN ${prefix}term_taxonomy tt USING (term_id) WHERE tt.taxonomy = 'product_type' AND t.slug = 'simple'),
			(SELECT tt.term_taxonomy_id FROM ${prefix}terms t JOIN ${prefix}term_taxonomy tt USING (term_id) WHERE tt.taxonomy = 'product_type' AND t.slug = 'variable');`,
		)
			.trim()
			.split('\t')
			.map(Number);
		if (!simpleTerm || !variableTerm) {
			throw new Error(
				"WooCommerce's product types (simple, variable) are missing: is it installed?",
			);
		}
		const ids = await db.one<{ p: number; c: number; u: number }>(
			`SELECT (SELECT coalesce(max(id), 0) FROM products) AS p, (SELECT coalesce(max(id), 0) FROM coupons) AS c,
			(SELECT coalesce(min(id), 1) FROM users) AS u`,
		);
		const P = maxPost;
		const C = P + Number(ids?.p ?? 0);
		const O = C + Number(ids?.c ?? 0);
		const U = Math.max(0, maxUser + 1 - Number(ids?.u ?? 1));

		// Until the first table is written MariaDB has nothing to load: DuckDB takes every core for
		// the shaping's tables and that first table (the item meta, the longest to load), one
		// thread after it, beside the loads (1,000,000 orders: the shaping's tables made in 7.3 s
		// instead of about 10, and the item meta written 15 s after generating).
		await db.run(`SET threads = ${everyCore()}`);
		await prepareShapes(db);
		// The largest tables first: their load and index build, the longest, start soonest.
		const tables = shapes({ P, C, O, U, simpleTerm, variableTerm }).sort(
			(a, b) => firstShaped(a.table) - firstShaped(b.table),
		);
		const indexed = secondaryIndexes(
			socket,
			tables.map((t) => `${prefix}${t.table}`),
		);
		const byTable = new Map<string, SecondaryIndex[]>();
		for (const index of indexed)
			byTable.set(index.table, [...(byTable.get(index.table) ?? []), index]);

		// Each table is loaded as soon as DuckDB has written it, while the next one is shaped: its
		// secondary indexes dropped, its rows loaded, its indexes built again, over one of
		// `connections` MariaDB connections at once.
		const loads = new LoadQueue(
			Array.from({ length: options.connections ?? 2 }, () => new MariaDbSession(socket)),
		);
		const work = { load: 0, index: 0 };
		let lastShaped = performance.now();
		try {
			for (const shaped of tables) {
				const file = path.join(dir, `${shaped.table}.tsv`);
				await db.run(
					`COPY (${shaped.query}) TO '${file.replace(/'/g, "''")}' (FORMAT csv, DELIMITER '\t', HEADER false, NULLSTR '\\N', QUOTE '', ESCAPE '')`,
				);
				lastShaped = performance.now();
				if (shaped === tables[0]) await db.run(`SET threads = ${duckdbThreads()}`);
				const table = `${prefix}${shaped.table}`;
				const list = byTable.get(table) ?? [];
				loads.add(async (session) => {
					const loadStarted = performance.now();
					await session.run(
						[
							'SET SESSION unique_checks = 0, foreign_key_checks = 0;',
							list.length
								? `ALTER TABLE \`${table}\` ${list.map((i) => `DROP INDEX \`${i.name}\``).join(', ')};`
								: '',
							`LOAD DATA LOCAL INFILE ${sqlString(file)} INTO TABLE \`${table}\` CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (${shaped.columns.map((c) => `\`${c}\``).join(', ')});`,
						].join('\n'),
					);
					rmSync(file, { force: true });
					const loaded = performance.now();
					work.load += loaded - loadStarted;
					if (list.length) {
						await session.run(
							`ALTER TABLE \`${table}\` ${list.map((i) => `ADD ${i.unique ? 'UNIQUE ' : ''}INDEX \`${i.name}\` (${i.columns.join(', ')})`).join(', ')};`,
						);
					}
					const built = performance.now();
					work.index += built - loaded;
					log(
						`  ${table}: loaded in ${((loaded - loadStarted) / 1000).toFixed(1)} s, indexes built in ${((built - loaded) / 1000).toFixed(1)} s.`,
					);
				});
			}
			// The generated store's indexes, costs and admin data (nothing above reads them), in a
			// connection's turn: when one is left without a table to load, beside the item meta's
			// load on the other (about 9 s at 1,000,000 orders that came before every load).
			loads.add(async () => {
				const finishing = performance.now();
				await finishStore(db, { seed: options.seed ?? 1, now });
				log(
					`  The generated store finished (its indexes, costs and admin data) in ${((performance.now() - finishing) / 1000).toFixed(1)} s.`,
				);
			});
		} catch (error) {
			await loads.stop();
			throw error;
		}
		log(
			`Shaped WooCommerce's tables in ${((lastShaped - generated) / 1000).toFixed(1)} s (loading them meanwhile).`,
		);
		await loads.done();
		mariadb(
			socket,
			[
				`UPDATE ${prefix}options SET option_value = 'date_created' WHERE option_name = 'woocommerce_date_type';`,
				`INSERT INTO ${prefix}options (option_name, option_value, autoload) SELECT 'woocommerce_date_type', 'date_created', 'auto' FROM DUAL
				WHERE NOT EXISTS (SELECT 1 FROM ${prefix}options WHERE option_name = 'woocommerce_date_type');`,
				`DELETE FROM ${prefix}options WHERE option_name LIKE '\\_transient\\_%wc\\_report%' OR option_name LIKE '\\_transient\\_timeout\\_%wc\\_report%' OR option_name LIKE '\\_transient\\_woocommerce\\_reports%';`,
			].join('\n'),
		);
		const done = performance.now();
		log(
			`Loaded them into MariaDB and built their indexes in ${((done - lastShaped) / 1000).toFixed(1)} s after the last was shaped (${(work.load / 1000).toFixed(1)} s loading, ${(work.index / 1000).toFixed(1)} s building indexes, over ${options.connections ?? 2} connections).`,
		);

		const counts = await db.one<{ orders: number; refunds: number }>(
			`SELECT count(*) FILTER (WHERE parent_id = 0) AS orders, count(*) FILTER (WHERE parent_id > 0) AS refunds FROM orders`,
		);
		const orders = Number(counts?.orders ?? 0);
		const seconds = (done - started) / 1000;
		const own = process.cpuUsage(cpuAtStart);
		const ownGenerateCpuSeconds = (generatedCpu.user + generatedCpu.system) / 1e6;
		const generateCpuSeconds = ownGenerateCpuSeconds + generatorCpu;
		const shapeCpuSeconds = (own.user + own.system) / 1e6 - ownGenerateCpuSeconds;
		const server = serverCpuSeconds(socket) - serverCpuAtStart;
		const clients = childrenCpuSeconds() - clientCpuAtStart - generatorCpu;
		const cpuSeconds = generateCpuSeconds + shapeCpuSeconds + server + clients;
		return {
			orders,
			refunds: Number(counts?.refunds ?? 0),
			generateSeconds: (generated - started) / 1000,
			shapeSeconds: (lastShaped - generated) / 1000,
			loadSeconds: work.load / 1000,
			indexSeconds: work.index / 1000,
			writeSeconds: (done - generated) / 1000,
			seconds,
			ordersPerSecond: Math.round(orders / seconds),
			generateCpuSeconds,
			shapeCpuSeconds,
			serverCpuSeconds: server,
			clientCpuSeconds: clients,
			cpuSeconds,
			ordersPerCpuSecond: Math.round(orders / cpuSeconds),
			timeZone,
		};
	} finally {
		db.close();
		rmSync(dir, { recursive: true, force: true });
	}
}
