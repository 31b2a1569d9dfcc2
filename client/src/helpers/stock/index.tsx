import { Button, Notice } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { ProductImage } from '@abacus/components';
import { itemsStore } from '@abacus/data';
import type { Item, Product } from '@abacus/data';

import { LoadError } from '../shared/load-error.js';
import { Loading } from '../shared/loading.js';

export const STOCK_PER_PAGE = 25;

/** Products and variations low in stock or out of stock (managed stock at or under the threshold). */
export function stockQuery(page: number) {
	return { low_in_stock: true, status: 'publish', page, per_page: STOCK_PER_PAGE };
}

function asProduct(item: Item): Product & { name?: string; images?: Array<{ src?: string }> } {
	return item as Product & { name?: string; images?: Array<{ src?: string }> };
}

interface RowProps {
	product: ReturnType<typeof asProduct>;
}

function StockRow({ product }: RowProps) {
	const { updateProductStock } = useDispatch(itemsStore);
	const [draft, setDraft] = useState(String(product.stock_quantity ?? 0));
	const [inputError, setInputError] = useState<string | null>(null);
	const [failed, setFailed] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);
	const inputId = `abacus-stock-${product.id}`;
	const name = (product.name ?? '').replace(/<[^>]*>/g, '');

	async function save() {
		const quantity = Number(draft);
		if (draft.trim() === '' || !Number.isInteger(quantity)) {
			setInputError(__('The quantity must be a whole number.', 'abacus'));
			return;
		}
		setInputError(null);
		setFailed(null);
		setSaving(true);
		const ok = await updateProductStock(product, quantity);
		setSaving(false);
		if (!ok) {
			setFailed(
				sprintf(
					/* translators: %s: product name */
					__('The stock of %s could not be updated; it was put back.', 'abacus'),
					name,
				),
			);
		}
	}

	const quantity = product.stock_quantity ?? 0;
	return (
		<tr>
			<td>
				<ProductImage product={product} width={32} height={32} alt="" />
				{name}
				{product.type === 'variation' ? (
					<span className="abacus-stock__type"> {__('(variation)', 'abacus')}</span>
				) : null}
			</td>
			<td>{quantity <= 0 ? __('Out of stock', 'abacus') : __('Low stock', 'abacus')}</td>
			<td className="abacus-stock__quantity">{quantity}</td>
			<td>
				<form
					onSubmit={(event) => {
						event.preventDefault();
						void save();
					}}
				>
					<label htmlFor={inputId} className="screen-reader-text">
						{sprintf(
							/* translators: %s: product name */
							__('New stock quantity of %s', 'abacus'),
							name,
						)}
					</label>
					<input
						id={inputId}
						type="number"
						step={1}
						value={draft}
						aria-invalid={Boolean(inputError)}
						onChange={(event) => setDraft(event.target.value)}
					/>
					<Button type="submit" variant="secondary" isBusy={saving} disabled={saving}>
						{__('Update', 'abacus')}
					</Button>
					{inputError ? <p role="alert">{inputError}</p> : null}
					{failed ? (
						<Notice status="error" onRemove={() => setFailed(null)}>
							{failed}
						</Notice>
					) : null}
				</form>
			</td>
		</tr>
	);
}

/** Stock helper: low and out-of-stock products with an inline, optimistic quantity update. */
export default function Stock() {
	const [page, setPage] = useState(1);
	const query = stockQuery(page);
	const { items, total, error, isResolved } = useSelect(
		(select) => {
			const store = select(itemsStore);
			return {
				items: store.getItems('products', query),
				total: store.getItemsTotalCount('products', query),
				error: store.getItemsError('products', query),
				isResolved: store.hasFinishedResolution('getItems', ['products', query]),
			};
		},
		[page],
	);
	const { invalidateResolution } = useDispatch(itemsStore);

	if (error) {
		return (
			<LoadError
				title={__('The stock could not be loaded.', 'abacus')}
				error={error}
				onRetry={() => invalidateResolution('getItems', ['products', query])}
			/>
		);
	}
	if (!isResolved) {
		return <Loading label={__('Loading stock…', 'abacus')} />;
	}
	const products = [...items.values()].map(asProduct);
	const pageCount = Math.max(1, Math.ceil((total ?? products.length) / STOCK_PER_PAGE));

	return (
		<div className="abacus-stock">
			<h1>{__('Stock', 'abacus')}</h1>
			{products.length === 0 ? (
				<p>{__('No products are low in stock or out of stock.', 'abacus')}</p>
			) : (
				<table>
					<caption className="screen-reader-text">
						{__('Products low in stock or out of stock', 'abacus')}
					</caption>
					<thead>
						<tr>
							<th scope="col">{__('Product', 'abacus')}</th>
							<th scope="col">{__('Status', 'abacus')}</th>
							<th scope="col">{__('Stock', 'abacus')}</th>
							<th scope="col">{__('Update stock', 'abacus')}</th>
						</tr>
					</thead>
					<tbody>
						{products.map((product) => (
							<StockRow key={product.id} product={product} />
						))}
					</tbody>
				</table>
			)}
			{pageCount > 1 ? (
				<nav aria-label={__('Stock pages', 'abacus')}>
					<Button
						variant="secondary"
						disabled={page <= 1}
						onClick={() => setPage(page - 1)}
					>
						{__('Previous page', 'abacus')}
					</Button>
					<Button
						variant="secondary"
						disabled={page >= pageCount}
						onClick={() => setPage(page + 1)}
					>
						{__('Next page', 'abacus')}
					</Button>
				</nav>
			) : null}
		</div>
	);
}
