/**
 * The store's tables: plain entity tables (products, categories, coupons, orders, users …), the
 * analytics lookup tables the reports read (order stats, product / tax / coupon lookups, customer
 * lookup, category tree) and the key-value `options` table (JSON values, read through `options.ts`).
 *
 * Dates are stored twice: store-local wall time (`date_created`) and UTC (`date_created_gmt`),
 * both as TIMESTAMP without time zone.
 */
import type { Db } from '../core/db.js';
import { ADMIN_TABLES } from './admin-schema.js';
import { createDimensionSchema } from './order-dimensions.js';

export async function createStoreSchema(db: Db): Promise<void> {
	await db.exec(`
		CREATE TABLE IF NOT EXISTS options (name VARCHAR PRIMARY KEY, value VARCHAR);
		CREATE TABLE IF NOT EXISTS tax_rates (
			tax_rate_id INTEGER PRIMARY KEY, tax_rate_country VARCHAR NOT NULL DEFAULT '',
			tax_rate_state VARCHAR NOT NULL DEFAULT '', tax_rate VARCHAR NOT NULL, tax_rate_name VARCHAR NOT NULL,
			tax_rate_priority INTEGER NOT NULL DEFAULT 1, tax_rate_compound BOOLEAN NOT NULL DEFAULT false,
			tax_rate_shipping BOOLEAN NOT NULL DEFAULT true, tax_rate_order INTEGER NOT NULL DEFAULT 0,
			tax_rate_class VARCHAR NOT NULL DEFAULT ''
		);
		CREATE TABLE IF NOT EXISTS categories (
			id INTEGER PRIMARY KEY, name VARCHAR NOT NULL, slug VARCHAR NOT NULL, parent INTEGER NOT NULL DEFAULT 0,
			description VARCHAR NOT NULL DEFAULT '', count INTEGER NOT NULL DEFAULT 0
		);
		CREATE TABLE IF NOT EXISTS category_lookup (
			category_tree_id INTEGER NOT NULL, category_id INTEGER NOT NULL, PRIMARY KEY (category_tree_id, category_id)
		);
		CREATE TABLE IF NOT EXISTS attributes (
			id INTEGER PRIMARY KEY, name VARCHAR NOT NULL, slug VARCHAR NOT NULL, type VARCHAR NOT NULL DEFAULT 'select',
			order_by VARCHAR NOT NULL DEFAULT 'menu_order', has_archives BOOLEAN NOT NULL DEFAULT false
		);
		CREATE TABLE IF NOT EXISTS attribute_terms (
			id INTEGER PRIMARY KEY, attribute_id INTEGER NOT NULL, name VARCHAR NOT NULL, slug VARCHAR NOT NULL,
			menu_order INTEGER NOT NULL DEFAULT 0
		);
		CREATE TABLE IF NOT EXISTS products (
			id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL DEFAULT 0, type VARCHAR NOT NULL, status VARCHAR NOT NULL,
			name VARCHAR NOT NULL, slug VARCHAR NOT NULL, sku VARCHAR NOT NULL DEFAULT '', price DOUBLE,
			regular_price DOUBLE, sale_price DOUBLE, stock_quantity DOUBLE, manage_stock BOOLEAN NOT NULL DEFAULT false,
			low_stock_amount INTEGER, stock_status VARCHAR NOT NULL DEFAULT 'instock', image VARCHAR NOT NULL DEFAULT '',
			virtual BOOLEAN NOT NULL DEFAULT false, downloadable BOOLEAN NOT NULL DEFAULT false,
			total_sales INTEGER NOT NULL DEFAULT 0, average_rating DOUBLE NOT NULL DEFAULT 0,
			rating_count INTEGER NOT NULL DEFAULT 0, menu_order INTEGER NOT NULL DEFAULT 0,
			date_created TIMESTAMP NOT NULL, date_created_gmt TIMESTAMP NOT NULL
		);
		CREATE TABLE IF NOT EXISTS product_categories (
			product_id INTEGER NOT NULL, category_id INTEGER NOT NULL, PRIMARY KEY (product_id, category_id)
		);
		CREATE TABLE IF NOT EXISTS product_attributes (
			product_id INTEGER NOT NULL, attribute_id INTEGER NOT NULL, term_id INTEGER NOT NULL, variation BOOLEAN NOT NULL
		);
		CREATE TABLE IF NOT EXISTS variation_attributes (
			variation_id INTEGER NOT NULL, attribute_id INTEGER NOT NULL, term_id INTEGER NOT NULL,
			PRIMARY KEY (variation_id, attribute_id)
		);
		CREATE TABLE IF NOT EXISTS product_downloads (
			download_id VARCHAR PRIMARY KEY, product_id INTEGER NOT NULL, name VARCHAR NOT NULL, file VARCHAR NOT NULL
		);
		CREATE TABLE IF NOT EXISTS product_meta_lookup (
			product_id INTEGER PRIMARY KEY, sku VARCHAR NOT NULL DEFAULT '', virtual BOOLEAN NOT NULL DEFAULT false,
			downloadable BOOLEAN NOT NULL DEFAULT false, min_price DOUBLE, max_price DOUBLE, onsale BOOLEAN NOT NULL DEFAULT false,
			stock_quantity DOUBLE, stock_status VARCHAR NOT NULL DEFAULT 'instock', rating_count INTEGER NOT NULL DEFAULT 0,
			average_rating DOUBLE NOT NULL DEFAULT 0, total_sales INTEGER NOT NULL DEFAULT 0,
			tax_status VARCHAR NOT NULL DEFAULT 'taxable', tax_class VARCHAR NOT NULL DEFAULT ''
		);
		CREATE TABLE IF NOT EXISTS coupons (
			id INTEGER PRIMARY KEY, code VARCHAR NOT NULL, discount_type VARCHAR NOT NULL, amount DOUBLE NOT NULL,
			date_created TIMESTAMP NOT NULL, date_created_gmt TIMESTAMP NOT NULL, date_expires TIMESTAMP,
			date_expires_gmt TIMESTAMP
		);
		CREATE TABLE IF NOT EXISTS users (
			id INTEGER PRIMARY KEY, username VARCHAR NOT NULL, email VARCHAR NOT NULL, first_name VARCHAR NOT NULL,
			last_name VARCHAR NOT NULL, role VARCHAR NOT NULL DEFAULT 'customer', date_registered TIMESTAMP NOT NULL
		);
		CREATE TABLE IF NOT EXISTS customer_lookup (
			customer_id INTEGER PRIMARY KEY, user_id INTEGER, username VARCHAR NOT NULL DEFAULT '',
			first_name VARCHAR NOT NULL DEFAULT '', last_name VARCHAR NOT NULL DEFAULT '', email VARCHAR,
			date_last_active TIMESTAMP, date_registered TIMESTAMP, country VARCHAR NOT NULL DEFAULT '',
			postcode VARCHAR NOT NULL DEFAULT '', city VARCHAR NOT NULL DEFAULT '', state VARCHAR NOT NULL DEFAULT ''
		);
		CREATE TABLE IF NOT EXISTS orders (
			id INTEGER NOT NULL, parent_id INTEGER NOT NULL DEFAULT 0, type VARCHAR NOT NULL DEFAULT 'shop_order',
			number VARCHAR NOT NULL, status VARCHAR NOT NULL, currency VARCHAR NOT NULL DEFAULT 'USD',
			customer_id INTEGER, user_id INTEGER, billing_first_name VARCHAR NOT NULL DEFAULT '',
			billing_last_name VARCHAR NOT NULL DEFAULT '', billing_email VARCHAR NOT NULL DEFAULT '',
			billing_country VARCHAR NOT NULL DEFAULT '', billing_state VARCHAR NOT NULL DEFAULT '',
			billing_city VARCHAR NOT NULL DEFAULT '', billing_postcode VARCHAR NOT NULL DEFAULT '',
			discount_total DOUBLE NOT NULL DEFAULT 0, shipping_total DOUBLE NOT NULL DEFAULT 0,
			shipping_tax DOUBLE NOT NULL DEFAULT 0, cart_tax DOUBLE NOT NULL DEFAULT 0, total DOUBLE NOT NULL DEFAULT 0,
			payment_method VARCHAR NOT NULL DEFAULT '', date_created TIMESTAMP NOT NULL,
			date_created_gmt TIMESTAMP NOT NULL, date_paid TIMESTAMP, date_completed TIMESTAMP
		);
		CREATE TABLE IF NOT EXISTS order_items (
			order_item_id BIGINT NOT NULL, order_id INTEGER NOT NULL, product_id INTEGER NOT NULL,
			variation_id INTEGER NOT NULL DEFAULT 0, name VARCHAR NOT NULL, qty INTEGER NOT NULL,
			subtotal DOUBLE NOT NULL, total DOUBLE NOT NULL, tax DOUBLE NOT NULL, shipping DOUBLE NOT NULL DEFAULT 0,
			shipping_tax DOUBLE NOT NULL DEFAULT 0
		);
		CREATE TABLE IF NOT EXISTS order_item_meta (
			order_item_id BIGINT NOT NULL, meta_key VARCHAR NOT NULL, meta_value VARCHAR NOT NULL
		);
		CREATE TABLE IF NOT EXISTS order_tax_items (
			order_id INTEGER NOT NULL, tax_rate_id INTEGER NOT NULL, shipping_tax DOUBLE NOT NULL, order_tax DOUBLE NOT NULL
		);
		CREATE TABLE IF NOT EXISTS order_coupon_items (
			order_id INTEGER NOT NULL, coupon_id INTEGER NOT NULL, discount_amount DOUBLE NOT NULL
		);
		CREATE TABLE IF NOT EXISTS order_stats (
			order_id INTEGER NOT NULL, parent_id INTEGER NOT NULL DEFAULT 0, date_created TIMESTAMP NOT NULL,
			date_created_gmt TIMESTAMP NOT NULL, date_paid TIMESTAMP, date_completed TIMESTAMP,
			num_items_sold INTEGER NOT NULL, total_sales DOUBLE NOT NULL, tax_total DOUBLE NOT NULL,
			shipping_total DOUBLE NOT NULL, net_total DOUBLE NOT NULL, returning_customer BOOLEAN,
			status VARCHAR NOT NULL, customer_id INTEGER
		);
		CREATE TABLE IF NOT EXISTS order_product_lookup (
			order_item_id BIGINT NOT NULL, order_id INTEGER NOT NULL, product_id INTEGER NOT NULL,
			variation_id INTEGER NOT NULL DEFAULT 0, customer_id INTEGER, date_created TIMESTAMP NOT NULL,
			product_qty INTEGER NOT NULL, product_net_revenue DOUBLE NOT NULL, product_gross_revenue DOUBLE NOT NULL,
			coupon_amount DOUBLE NOT NULL DEFAULT 0, tax_amount DOUBLE NOT NULL DEFAULT 0,
			shipping_amount DOUBLE NOT NULL DEFAULT 0, shipping_tax_amount DOUBLE NOT NULL DEFAULT 0
		);
		CREATE TABLE IF NOT EXISTS order_tax_lookup (
			order_id INTEGER NOT NULL, tax_rate_id INTEGER NOT NULL, date_created TIMESTAMP NOT NULL,
			shipping_tax DOUBLE NOT NULL, order_tax DOUBLE NOT NULL, total_tax DOUBLE NOT NULL
		);
		CREATE TABLE IF NOT EXISTS order_coupon_lookup (
			order_id INTEGER NOT NULL, coupon_id INTEGER NOT NULL, date_created TIMESTAMP NOT NULL,
			discount_amount DOUBLE NOT NULL
		);
		CREATE TABLE IF NOT EXISTS downloadable_product_permissions (
			permission_id INTEGER NOT NULL, download_id VARCHAR NOT NULL, product_id INTEGER NOT NULL,
			order_id INTEGER NOT NULL, order_key VARCHAR NOT NULL DEFAULT '', user_email VARCHAR NOT NULL DEFAULT '',
			user_id INTEGER, downloads_remaining VARCHAR NOT NULL DEFAULT '', access_granted TIMESTAMP NOT NULL,
			access_expires TIMESTAMP, download_count INTEGER NOT NULL DEFAULT 0
		);
		CREATE TABLE IF NOT EXISTS download_log (
			download_log_id INTEGER NOT NULL, timestamp TIMESTAMP NOT NULL, permission_id INTEGER NOT NULL,
			user_id INTEGER, user_ip_address VARCHAR NOT NULL DEFAULT ''
		);
	`);
	await createDimensionSchema(db);
}

/**
 * The large tables carry no PRIMARY KEY constraint (uniqueness is guaranteed by the generator and
 * by the write routes); indexes are created after bulk loading, which is much faster.
 */
export async function createStoreIndexes(db: Db): Promise<void> {
	await db.exec(`
		CREATE INDEX IF NOT EXISTS order_stats_date ON order_stats (date_created);
		CREATE INDEX IF NOT EXISTS order_stats_customer ON order_stats (customer_id);
		CREATE INDEX IF NOT EXISTS order_stats_status ON order_stats (status);
		CREATE INDEX IF NOT EXISTS opl_order ON order_product_lookup (order_id);
		CREATE INDEX IF NOT EXISTS opl_product ON order_product_lookup (product_id);
		CREATE INDEX IF NOT EXISTS opl_date ON order_product_lookup (date_created);
		CREATE INDEX IF NOT EXISTS otl_rate ON order_tax_lookup (tax_rate_id);
		CREATE INDEX IF NOT EXISTS ocl_coupon ON order_coupon_lookup (coupon_id);
		CREATE INDEX IF NOT EXISTS orders_date ON orders (date_created);
		CREATE INDEX IF NOT EXISTS orders_status ON orders (status);
		CREATE INDEX IF NOT EXISTS download_log_time ON download_log (timestamp);
		CREATE INDEX IF NOT EXISTS customer_email ON customer_lookup (email);
	`);
}

/**
 * The table holding the "store complete" marker. `generateStore` writes it as its very last step,
 * so a store without it was interrupted while being generated.
 */
export const STORE_MARKER_TABLE = 'abacus_store';

/** Tables every complete store has (store, lookup and admin tables). */
export const REQUIRED_TABLES = [
	'options',
	'tax_rates',
	'categories',
	'category_lookup',
	'attributes',
	'attribute_terms',
	'products',
	'product_categories',
	'product_meta_lookup',
	'coupons',
	'users',
	'customer_lookup',
	'orders',
	'order_items',
	'order_stats',
	'order_product_lookup',
	'order_tax_lookup',
	'order_coupon_lookup',
	'download_log',
	...ADMIN_TABLES,
] as const;

/** Writes the marker saying the store was generated completely (the last step of seeding). */
export async function markStoreComplete(db: Db): Promise<void> {
	await db.transaction(async () => {
		await db.run(
			`CREATE TABLE IF NOT EXISTS ${STORE_MARKER_TABLE} (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)`,
		);
		await db.run(
			`INSERT INTO ${STORE_MARKER_TABLE} (key, value) VALUES ('complete_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
			[new Date().toISOString()],
		);
	});
}

export type StoreState =
	/** Generated completely (marker present, every table there). */
	| { kind: 'complete' }
	/**
	 * No marker, but every table is there with products and orders: made before the marker
	 * existed, or written by other tools (test fixtures). Kept as it is.
	 */
	| { kind: 'unmarked' }
	/** Nothing or part of a store: an interrupted first start. `missing` names absent tables. */
	| { kind: 'incomplete'; missing: string[] };

/** What the database holds: a complete store, an older complete one, or a partial one. */
export async function storeState(db: Db): Promise<StoreState> {
	const rows = await db.all<{ table_name: string }>(
		"SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main'",
	);
	const present = new Set(rows.map((r) => String(r.table_name)));
	const missing = REQUIRED_TABLES.filter((t) => !present.has(t));
	if (missing.length > 0) return { kind: 'incomplete', missing };
	if (present.has(STORE_MARKER_TABLE)) {
		const marker = await db.one(
			`SELECT value FROM ${STORE_MARKER_TABLE} WHERE key = 'complete_at'`,
		);
		if (marker) return { kind: 'complete' };
	}
	const counts = await db.one<{ p: number; o: number }>(
		'SELECT (SELECT count(*) FROM products) AS p, (SELECT count(*) FROM orders) AS o',
	);
	return Number(counts?.p) > 0 && Number(counts?.o) > 0
		? { kind: 'unmarked' }
		: { kind: 'incomplete', missing: [] };
}

/**
 * Reads every column of every table once (DuckDB checks each block's checksum as it reads), so
 * that a damaged file is reported at start rather than as 500s later. Throws naming the table.
 */
export async function verifyTables(db: Db): Promise<void> {
	const rows = await db.all<{ table_name: string }>(
		"SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' ORDER BY table_name",
	);
	for (const { table_name: name } of rows) {
		const table = `"${String(name).replace(/"/g, '""')}"`;
		try {
			await db.one(`SELECT count(*) AS n, max(hash(COLUMNS(*))) FROM ${table}`);
		} catch (error) {
			throw new Error(
				`table ${String(name)} cannot be read (${error instanceof Error ? error.message : String(error)})`,
			);
		}
	}
}
