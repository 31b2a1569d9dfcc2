/**
 * The cost editor of one product: its cost today (and each variation's), the history of costs with
 * the day each applies from, and a form recording a new cost from a day on. Sales already made
 * keep the cost they were sold at unless "Apply to sales already made" is ticked. Someone who may
 * not record costs sees the costs and history with the reason instead of the form.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
	Button,
	CheckboxControl,
	Modal,
	Notice,
	SelectControl,
	Spinner,
	TextControl,
} from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import {
	errorOf,
	fetchProductCosts,
	saveCost,
	type CostHistoryEntry,
	type ProductCosts,
} from './api.js';

interface Props {
	productId: number;
	/** Formats an amount in the store's currency. */
	formatAmount: (value: number) => string;
	/** Formats a store-local day ('YYYY-MM-DD') in the store's date format. */
	formatDay: (day: string) => string;
	onClose: () => void;
	/** Called after a cost was saved (the report is asked again). */
	onSaved: () => void;
	/**
	 * Whether this person may record costs (`canEditCosts()`); otherwise the costs and their
	 * history are shown read-only, with the reason. Default true.
	 */
	canEdit?: boolean;
}

/** The engine's answer to a save from a token without the `edit_costs` scope. */
const READ_ONLY_CODES = ['abacus_engine_token_read_only'];

const today = (): string => {
	const d = new Date();
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The costs with a new history, each item's cost today read from it (the latest entry in force). */
function withHistory(costs: ProductCosts, history: CostHistoryEntry[]): ProductCosts {
	const day = today();
	const costOn = (variationId: number): number | null =>
		history
			.filter((entry) => entry.variation_id === variationId && entry.date_from <= day)
			.reduce<CostHistoryEntry | null>(
				(latest, entry) => (!latest || entry.date_from > latest.date_from ? entry : latest),
				null,
			)?.cost ?? null;
	return {
		product: { ...costs.product, cost: costOn(0) },
		variations: costs.variations.map((variation) => ({
			...variation,
			cost: costOn(variation.id),
		})),
		history,
	};
}

export function CostEditor({
	productId,
	formatAmount,
	formatDay,
	onClose,
	onSaved,
	canEdit = true,
}: Props) {
	const [readOnly, setReadOnly] = useState(!canEdit);
	const [data, setData] = useState<ProductCosts | null>(null);
	const [loadError, setLoadError] = useState<string | null>(null);
	const [target, setTarget] = useState('0');
	const [cost, setCost] = useState('');
	const [day, setDay] = useState(today());
	const [applyToPast, setApplyToPast] = useState(false);
	const [saving, setSaving] = useState(false);
	const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
	const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(
		null,
	);

	const load = useCallback(() => {
		setLoadError(null);
		setData(null);
		fetchProductCosts(productId).then(
			(answer) => {
				setData(answer);
				if (answer.product.type === 'variable' && answer.variations.length) {
					setTarget(String(answer.variations[0].id));
				}
			},
			(error: unknown) =>
				setLoadError(
					errorOf(error).message || __('The costs could not be loaded.', 'abacus'),
				),
		);
	}, [productId]);

	useEffect(load, [load]);

	async function submit(event: FormEvent) {
		event.preventDefault();
		const errors: Record<string, string> = {};
		const text = cost.trim().replace(',', '.');
		if (!/^\d+(\.\d+)?$/.test(text)) {
			errors.cost = __('Enter the cost as a non-negative amount, like 12.50.', 'abacus');
		}
		if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
			errors.date_from = __('Enter the day the cost applies from.', 'abacus');
		}
		setFieldErrors(errors);
		setNotice(null);
		if (Object.keys(errors).length) return;
		setSaving(true);
		try {
			const saved = await saveCost({
				product_id: productId,
				variation_id: Number(target),
				cost: text,
				date_from: day,
				apply_to_past: applyToPast,
			});
			setData((current) => (current ? withHistory(current, saved.history) : current));
			setNotice({
				status: 'success',
				text: applyToPast
					? sprintf(
							/* translators: %d: number of sold lines whose cost changed */
							_n(
								'Cost saved; %d earlier sale now uses it.',
								'Cost saved; %d earlier sales now use it.',
								saved.rewritten_lines,
								'abacus',
							),
							saved.rewritten_lines,
						)
					: __(
							'Cost saved. Sales already made keep the cost they were sold at.',
							'abacus',
						),
			});
			setCost('');
			onSaved();
		} catch (error) {
			const { message, fields } = errorOf(error);
			if (READ_ONLY_CODES.includes(String((error as { code?: unknown } | null)?.code))) {
				// The right to record costs was withdrawn since the page loaded: say so, form away.
				setReadOnly(true);
				setNotice(null);
				return;
			}
			setFieldErrors(fields);
			setNotice({
				status: 'error',
				text: message || __('The cost could not be saved. Please try again.', 'abacus'),
			});
		} finally {
			setSaving(false);
		}
	}

	const title = data
		? sprintf(
				/* translators: %s: product name */
				__('Costs of %s', 'abacus'),
				data.product.name,
			)
		: __('Costs', 'abacus');
	const nameOf = (variationId: number): string =>
		variationId === 0
			? __('The product (all variations without their own cost)', 'abacus')
			: (data?.variations.find((v) => v.id === variationId)?.name ?? String(variationId));
	const targets = data
		? [
				{ value: '0', label: nameOf(0) },
				...data.variations.map((v) => ({ value: String(v.id), label: v.name })),
			]
		: [];

	return (
		<Modal title={title} onRequestClose={onClose} className="abacus-cost-editor">
			{loadError ? (
				<Notice status="error" isDismissible={false}>
					<p>{loadError}</p>
					<Button variant="secondary" onClick={load}>
						{__('Retry', 'abacus')}
					</Button>
				</Notice>
			) : null}
			{!data && !loadError ? <Spinner /> : null}
			{data ? (
				<>
					<table className="abacus-cost-editor__current">
						<caption>{__('Cost today', 'abacus')}</caption>
						<thead>
							<tr>
								<th scope="col">{__('Item', 'abacus')}</th>
								<th scope="col">{__('Price', 'abacus')}</th>
								<th scope="col">{__('Cost', 'abacus')}</th>
							</tr>
						</thead>
						<tbody>
							{[
								{
									id: 0,
									name: data.product.name,
									price: data.product.price,
									cost: data.product.cost,
								},
								...data.variations,
							].map((row) => (
								<tr key={row.id}>
									<th scope="row">{row.name}</th>
									<td>{row.price === null ? '' : formatAmount(row.price)}</td>
									<td>
										{row.cost === null
											? __('No cost', 'abacus')
											: formatAmount(row.cost)}
									</td>
								</tr>
							))}
						</tbody>
					</table>
					{readOnly ? (
						<Notice
							status="info"
							isDismissible={false}
							className="abacus-cost-editor__read-only"
						>
							{__(
								'You can see these costs but not change them: recording costs is for users who may manage WooCommerce (shop managers and administrators). Ask one of them to enter a new cost.',
								'abacus',
							)}
						</Notice>
					) : (
						<form
							className="abacus-cost-editor__form"
							onSubmit={(e) => void submit(e)}
							noValidate
						>
							{targets.length > 1 ? (
								<SelectControl
									__nextHasNoMarginBottom
									label={__('Cost of', 'abacus')}
									value={target}
									options={targets}
									onChange={(value: string) => setTarget(value)}
								/>
							) : null}
							<TextControl
								__nextHasNoMarginBottom
								label={__('Unit cost', 'abacus')}
								inputMode="decimal"
								value={cost}
								onChange={(value: string) => setCost(value)}
								help={fieldErrors.cost}
								className={fieldErrors.cost ? 'has-error' : undefined}
								aria-invalid={fieldErrors.cost ? true : undefined}
							/>
							<TextControl
								__nextHasNoMarginBottom
								label={__('Applies from', 'abacus')}
								type="date"
								value={day}
								onChange={(value: string) => setDay(value)}
								help={fieldErrors.date_from}
								className={fieldErrors.date_from ? 'has-error' : undefined}
								aria-invalid={fieldErrors.date_from ? true : undefined}
							/>
							<CheckboxControl
								__nextHasNoMarginBottom
								label={__(
									'Apply to sales already made on or after this day',
									'abacus',
								)}
								help={__(
									'Otherwise sales already made keep the cost they were sold at; sales without a cost get this one.',
									'abacus',
								)}
								checked={applyToPast}
								onChange={setApplyToPast}
							/>
							{notice ? (
								<Notice status={notice.status} onRemove={() => setNotice(null)}>
									{notice.text}
								</Notice>
							) : null}
							<Button
								variant="primary"
								type="submit"
								isBusy={saving}
								disabled={saving}
							>
								{__('Save cost', 'abacus')}
							</Button>
						</form>
					)}
					<h3>{__('History', 'abacus')}</h3>
					{data.history.length ? (
						<ul className="abacus-cost-editor__history">
							{data.history.map((entry) => (
								<li key={`${entry.variation_id}-${entry.date_from}`}>
									{sprintf(
										/* translators: 1: item, 2: cost, 3: day */
										__('%1$s: %2$s from %3$s', 'abacus'),
										entry.variation_id === 0
											? data.product.name
											: nameOf(entry.variation_id),
										formatAmount(entry.cost),
										formatDay(entry.date_from),
									)}
								</li>
							))}
						</ul>
					) : (
						<p>{__('No cost has been entered for this product yet.', 'abacus')}</p>
					)}
				</>
			) : null}
		</Modal>
	);
}
