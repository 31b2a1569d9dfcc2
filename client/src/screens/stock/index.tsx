import { Button, TextControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { ProductImage, TableCard } from '@abacus/components';
import type { TableHeader, TableRow } from '@abacus/components';
import { fetchWithHeaders, itemsStore, optionsStore, selectItems, toWPError } from '@abacus/data';
import type { Item, Product } from '@abacus/data';

import { LoadError, WriteError, errorMessage } from '../../base/load-error.js';
import { Loading } from '../../base/loading.js';
import '../shared/style.scss';
import './style.scss';

export const STOCK_PER_PAGE = 25;

/** Products and variations low in stock or out of stock (the server's one stock-status definition). */
export function stockQuery(page: number, perPage: number = STOCK_PER_PAGE) {
	return { low_in_stock: true, status: 'publish', page, per_page: perPage };
}

export type StockStatus = 'instock' | 'lowstock' | 'outofstock' | 'onbackorder';

type StockProduct = Product & {
	name?: string;
	images?: Array<{ src?: string; alt?: string }>;
	manage_stock?: boolean;
	stock_status?: string;
	/** The status the server's stock definition gives (the standalone server sends it). */
	effective_stock_status?: string;
	low_stock_amount?: number | null;
};

function asProduct(item: Item): StockProduct {
	return item as StockProduct;
}

const STATUSES: readonly string[] = ['instock', 'lowstock', 'outofstock', 'onbackorder'];

/**
 * The status of a product: the one the server computed (`effective_stock_status`). A server
 * without it (WooCommerce) sends its stored status; an 'instock' product with managed stock at or
 * under its own threshold, else the store's `woocommerce_notify_low_stock_amount`, is low in stock
 * there, as WooCommerce's stock report counts it.
 */
export function stockStatusOf(product: StockProduct, storeThreshold: number | null): StockStatus {
	const computed = product.effective_stock_status;
	if (computed && STATUSES.includes(computed)) return computed as StockStatus;
	const stored = STATUSES.includes(product.stock_status ?? '')
		? (product.stock_status as StockStatus)
		: 'instock';
	const quantity = product.stock_quantity;
	if (stored !== 'instock' || product.manage_stock === false || typeof quantity !== 'number') {
		return stored;
	}
	const threshold = product.low_stock_amount ?? storeThreshold;
	return threshold !== null && quantity <= Math.max(1, threshold) ? 'lowstock' : 'instock';
}

function statusLabel(status: StockStatus): string {
	switch (status) {
		case 'lowstock':
			return __('Low stock', 'abacus');
		case 'outofstock':
			return __('Out of stock', 'abacus');
		case 'onbackorder':
			return __('On backorder', 'abacus');
		default:
			return __('In stock', 'abacus');
	}
}

function plainName(product: StockProduct): string {
	return (product.name ?? '').replace(/<[^>]*>/g, '');
}

/** The quantity form of one row: sends only the new quantity and shows what the server answered. */
function UpdateStock({ product }: { product: StockProduct }) {
	const { setItem } = useDispatch(itemsStore);
	const [draft, setDraft] = useState(String(product.stock_quantity ?? 0));
	const [inputError, setInputError] = useState<string | null>(null);
	const [failed, setFailed] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);
	const name = plainName(product);

	async function save() {
		const quantity = Number(draft);
		if (draft.trim() === '' || !Number.isInteger(quantity)) {
			setInputError(__('The quantity must be a whole number.', 'abacus'));
			return;
		}
		setInputError(null);
		setFailed(null);
		setSaving(true);
		const path =
			product.type === 'variation'
				? `wc-analytics/products/${product.parent_id}/variations/${product.id}`
				: `wc-analytics/products/${product.id}`;
		const previous = product;
		// At once: the new quantity shows while the server saves it; its answer then gives the status.
		setItem('products', product.id, { ...product, stock_quantity: quantity } as StockProduct);
		try {
			const { data } = await fetchWithHeaders<StockProduct>({
				path,
				method: 'PUT',
				data: { stock_quantity: quantity },
			});
			const answer = (data ?? {}) as Partial<StockProduct>;
			setItem('products', product.id, {
				...product,
				stock_quantity: answer.stock_quantity ?? quantity,
				stock_status: answer.stock_status,
				effective_stock_status: answer.effective_stock_status,
				low_stock_amount:
					answer.low_stock_amount === undefined
						? product.low_stock_amount
						: answer.low_stock_amount,
				manage_stock: answer.manage_stock ?? product.manage_stock,
			} as StockProduct);
		} catch (caught) {
			setItem('products', product.id, previous);
			setFailed(
				sprintf(
					/* translators: 1: product name, 2: the server's message */
					__('The stock of %1$s could not be updated; it was put back. %2$s', 'abacus'),
					name,
					errorMessage(toWPError(caught)),
				).trim(),
			);
		} finally {
			setSaving(false);
		}
	}

	return (
		<form
			className="abacus-stock__form"
			onSubmit={(event) => {
				event.preventDefault();
				void save();
			}}
		>
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				hideLabelFromVision
				id={`abacus-stock-${product.id}`}
				label={sprintf(
					/* translators: %s: product name */
					__('New stock quantity of %s', 'abacus'),
					name,
				)}
				type="number"
				step={1}
				value={draft}
				aria-invalid={Boolean(inputError)}
				onChange={setDraft}
			/>
			<Button
				type="submit"
				variant="secondary"
				__next40pxDefaultSize
				isBusy={saving}
				disabled={saving}
			>
				{__('Update', 'abacus')}
			</Button>
			{inputError ? (
				<p className="abacus-stock__error" role="alert">
					{inputError}
				</p>
			) : null}
			<WriteError message={failed} onRemove={() => setFailed(null)} />
		</form>
	);
}

/** Stock helper: low and out-of-stock products with an inline quantity update. */
export default function Stock() {
	const [page, setPage] = useState(1);
	const [perPage, setPerPage] = useState(STOCK_PER_PAGE);
	const query = stockQuery(page, perPage);
	const items = useSelect((select) => selectItems(select, 'products', query), [page, perPage]);
	const total = useSelect(
		(select) => select(itemsStore).getItemsTotalCount('products', query),
		[page, perPage],
	);
	const products = items.status === 'success' ? [...items.data.values()].map(asProduct) : [];
	// Only a server that does not compute the status (WooCommerce) needs the store's threshold.
	const needsThreshold = products.some((product) => !product.effective_stock_status);
	const threshold = useSelect(
		(select) => {
			if (!needsThreshold) return null;
			const value = select(optionsStore).getOption('woocommerce_notify_low_stock_amount');
			const number = Number(value);
			return value === undefined || value === null || value === '' || !Number.isFinite(number)
				? null
				: number;
		},
		[needsThreshold],
	);
	const { invalidateResolution } = useDispatch(itemsStore);

	if (items.status === 'error') {
		return (
			<LoadError
				title={__('The stock could not be loaded.', 'abacus')}
				error={items.error}
				onRetry={() => invalidateResolution('getItems', ['products', query])}
			/>
		);
	}
	if (items.status !== 'success') {
		return <Loading label={__('Loading stock…', 'abacus')} />;
	}

	const headers: TableHeader[] = [
		{ key: 'product', label: __('Product', 'abacus'), required: true, isLeftAligned: true },
		{ key: 'status', label: __('Status', 'abacus'), required: true, isLeftAligned: true },
		{ key: 'stock', label: __('Stock', 'abacus'), required: true, isNumeric: true },
		{ key: 'update', label: __('Update stock', 'abacus'), required: true },
	];
	const rows: TableRow[] = products.map((product) => {
		const name = plainName(product);
		const status = stockStatusOf(product, threshold);
		return [
			{
				display: (
					<span className="abacus-stock__product">
						<ProductImage product={product} width={33} height={33} alt="" />
						<span>
							{name}
							{product.type === 'variation' ? (
								<span className="abacus-helper__muted">
									{' '}
									{__('(variation)', 'abacus')}
								</span>
							) : null}
						</span>
					</span>
				),
				value: name,
			},
			{
				display: (
					<span className={`abacus-stock__status is-${status}`}>
						{statusLabel(status)}
					</span>
				),
				value: statusLabel(status),
			},
			{
				display: (
					<span className="abacus-stock__quantity">
						{String(product.stock_quantity ?? 0)}
					</span>
				),
				value: product.stock_quantity ?? 0,
			},
			{ display: <UpdateStock key={product.id} product={product} />, value: null },
		];
	});

	return (
		<div className="abacus-helper abacus-stock">
			<p className="abacus-helper__subtitle">
				{__(
					'Products and variations low in stock or out of stock. Type a new quantity and choose Update.',
					'abacus',
				)}
			</p>
			<TableCard
				title={__('Products low in stock or out of stock', 'abacus')}
				headers={headers}
				rows={rows}
				ids={products.map((product) => product.id)}
				rowsPerPage={perPage}
				totalRows={total ?? products.length}
				query={{ paged: page, per_page: perPage }}
				showMenu={false}
				hasDownload={false}
				onQueryChange={(param) => (value) => {
					if (param === 'paged') setPage(Math.max(1, Number(value) || 1));
					if (param === 'per_page') {
						setPerPage(Math.max(1, Number(value) || STOCK_PER_PAGE));
						setPage(1);
					}
				}}
			/>
		</div>
	);
}
