/**
 * Import historical data: rebuilds the report tables for all orders or the last N days, optionally
 * skipping orders already imported. While an import runs the progress the server reports is read
 * every second (imported / total orders and customers), with Stop (cancel) and Delete (empty the
 * report tables) buttons.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, CheckboxControl, Notice, SelectControl, TextControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { importStore, useDataRegistry } from '@abacus/data';

import { useReportContext } from '../../../analytics/components/use-report-context.js';
import './historical-import.scss';

/** How often the progress is read while an import runs. */
export const IMPORT_POLL_INTERVAL = 1000;

const IMPORT_PATH = '/wc-analytics/reports/import';
const NO_QUERY = {};

interface ImportStatus {
	is_importing?: boolean;
	orders?: { imported: number; total: number };
	customers?: { imported: number; total: number };
	/** 'cluster': a many-store engine's store loaded from its own database (nothing to import here). */
	source?: string;
}

/** A 501 of a many-store engine that does not import this store (it reads the store's rows only). */
function isNotOnEngine(error: unknown): boolean {
	return (error as { code?: unknown } | null)?.code === 'abacus_not_supported_on_engine';
}

export function HistoricalImport() {
	const { updateImportation } = useDispatch(importStore);
	const registry = useDataRegistry();
	const { formatNumber } = useReportContext(NO_QUERY);
	const [period, setPeriod] = useState<'all' | 'days'>('all');
	const [days, setDays] = useState('30');
	const [skipExisting, setSkipExisting] = useState(true);
	const [status, setStatus] = useState<ImportStatus | null>(null);
	const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(
		null,
	);
	const [isBusy, setIsBusy] = useState(false);
	const [pending, setPending] = useState<'stop' | 'delete' | null>(null);
	const [confirmDelete, setConfirmDelete] = useState(false);
	const [pollError, setPollError] = useState<string | null>(null);
	// On a many-store engine's page, for a store whose history the engine does not import.
	const [elsewhere, setElsewhere] = useState(false);
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
	const mounted = useRef(true);
	const daysValue = Number(days);

	/** Reads the status now and, while the import runs, again every second. */
	const poll = useCallback(async () => {
		clearTimeout(timer.current);
		try {
			const query = { timestamp: Date.now() };
			const next = (await registry
				.resolveSelect(importStore)
				.getImportStatus(query)) as ImportStatus;
			if (!mounted.current) {
				return;
			}
			// The store's failed read is kept as its error, not thrown.
			if (isNotOnEngine(registry.select(importStore).getImportError(query))) {
				setElsewhere(true);
				return;
			}
			setPollError(null);
			setStatus(next);
			if (next.is_importing) {
				timer.current = setTimeout(() => void poll(), IMPORT_POLL_INTERVAL);
			}
		} catch (error) {
			if (mounted.current && isNotOnEngine(error)) {
				setElsewhere(true);
				return;
			}
			if (mounted.current) {
				setPollError(
					(error as { message?: string })?.message ||
						__('The import progress could not be read.', 'abacus'),
				);
			}
		}
	}, [registry]);

	useEffect(() => {
		mounted.current = true;
		void poll();
		return () => {
			mounted.current = false;
			clearTimeout(timer.current);
		};
	}, [poll]);

	async function post(action: 'stop' | 'delete') {
		setPending(action);
		setMessage(null);
		try {
			const response = (await updateImportation(
				`${IMPORT_PATH}/${action === 'stop' ? 'cancel' : 'delete'}`,
				false,
			)) as { status?: string; message?: string };
			setMessage({
				status: response?.status === 'error' ? 'error' : 'success',
				text: response?.message ?? '',
			});
		} catch (error) {
			setMessage({
				status: 'error',
				text:
					(error as { message?: string })?.message ||
					(action === 'stop'
						? __('The import could not be stopped.', 'abacus')
						: __('The report data could not be deleted.', 'abacus')),
			});
		}
		setPending(null);
		setConfirmDelete(false);
		await poll();
	}
	const isDaysValid = period === 'all' || (Number.isInteger(daysValue) && daysValue >= 0);

	async function start() {
		setIsBusy(true);
		setMessage(null);
		const params = new URLSearchParams({ skip_existing: String(skipExisting) });
		if (period === 'days') {
			params.set('days', String(daysValue));
		}
		try {
			const response = (await updateImportation(
				`${IMPORT_PATH}?${params.toString()}`,
				true,
			)) as {
				status?: string;
				message?: string;
			};
			setMessage({
				status: response?.status === 'error' ? 'error' : 'success',
				text: response?.message ?? '',
			});
			await poll();
		} catch (error) {
			setMessage({
				status: 'error',
				text:
					(error as { message?: string })?.message ||
					__('The import could not be started.', 'abacus'),
			});
		}
		setIsBusy(false);
	}

	if (elsewhere || status?.source === 'cluster') {
		return (
			<section className="abacus-settings__card">
				<h2>{__('Import historical data', 'abacus')}</h2>
				<p className="abacus-settings__help">
					{__(
						'This store’s history is loaded into the engine’s cluster from its own database (not imported by this engine), so it cannot be imported again from here: import it in the store’s own Analytics settings, or load it into the cluster again.',
						'abacus',
					)}
				</p>
				{status?.orders && status.customers && (
					<p className="abacus-import__state">
						{sprintf(
							/* translators: 1: number of orders and refunds, 2: number of customers */
							__(
								'The engine’s report data of this store: %1$s orders and refunds, %2$s customers.',
								'abacus',
							),
							formatNumber(status.orders.total),
							formatNumber(status.customers.total),
						)}
					</p>
				)}
			</section>
		);
	}

	return (
		<section className="abacus-settings__card">
			<h2>{__('Import historical data', 'abacus')}</h2>
			<p className="abacus-settings__help">
				{__(
					'Rebuild the report data from your orders, for all of them or only recent ones.',
					'abacus',
				)}
			</p>
			{message && message.text && (
				<Notice
					status={message.status}
					onRemove={() => setMessage(null)}
					className="abacus-import__notice"
				>
					{message.text}
				</Notice>
			)}
			<div className="abacus-import__field">
				<SelectControl
					__nextHasNoMarginBottom
					label={__('Import historical data', 'abacus')}
					value={period}
					options={[
						{ value: 'all', label: __('All', 'abacus') },
						{ value: 'days', label: __('Last N days', 'abacus') },
					]}
					onChange={(value: string) => setPeriod(value === 'days' ? 'days' : 'all')}
				/>
			</div>
			{period === 'days' && (
				<div className="abacus-import__field">
					<TextControl
						__nextHasNoMarginBottom
						type="number"
						min={0}
						label={__('Number of days', 'abacus')}
						value={days}
						help={
							isDaysValid
								? undefined
								: __('Enter a whole number of days, 0 or more.', 'abacus')
						}
						onChange={(value: string) => setDays(value)}
					/>
				</div>
			)}
			<div className="abacus-import__field">
				<CheckboxControl
					__nextHasNoMarginBottom
					label={__('Skip previously imported customers and orders', 'abacus')}
					checked={skipExisting}
					onChange={setSkipExisting}
				/>
			</div>
			<div className="abacus-import__actions">
				<Button
					variant="secondary"
					isBusy={isBusy}
					disabled={isBusy || !isDaysValid || Boolean(status?.is_importing)}
					onClick={() => void start()}
				>
					{__('Start', 'abacus')}
				</Button>
				{status?.is_importing && (
					<Button
						variant="secondary"
						isBusy={pending === 'stop'}
						disabled={pending !== null}
						onClick={() => void post('stop')}
					>
						{__('Stop import', 'abacus')}
					</Button>
				)}
				{!confirmDelete ? (
					<Button
						variant="tertiary"
						isDestructive
						disabled={pending !== null}
						onClick={() => setConfirmDelete(true)}
					>
						{__('Delete previously imported data', 'abacus')}
					</Button>
				) : (
					<span className="abacus-import__confirm" role="group">
						<span>
							{__(
								'Delete the report data? Reports stay empty until you import again.',
								'abacus',
							)}
						</span>
						<Button
							variant="primary"
							isDestructive
							isBusy={pending === 'delete'}
							disabled={pending !== null}
							onClick={() => void post('delete')}
						>
							{__('Delete', 'abacus')}
						</Button>
						<Button
							variant="tertiary"
							disabled={pending !== null}
							onClick={() => setConfirmDelete(false)}
						>
							{__('Keep', 'abacus')}
						</Button>
					</span>
				)}
			</div>
			{pollError && (
				<Notice
					status="error"
					isDismissible={false}
					actions={[{ label: __('Retry', 'abacus'), onClick: () => void poll() }]}
				>
					{pollError}
				</Notice>
			)}
			{status?.orders && status.customers && (
				<div className="abacus-import__progress" aria-live="polite">
					<p className="abacus-import__state">
						{status.is_importing
							? __('Importing…', 'abacus')
							: status.orders.imported >= status.orders.total &&
								  status.customers.imported >= status.customers.total
								? __('Import complete.', 'abacus')
								: __('Import stopped.', 'abacus')}
					</p>
					<ProgressRow
						label={__('Orders', 'abacus')}
						imported={status.orders.imported}
						total={status.orders.total}
						formatNumber={formatNumber}
					/>
					<ProgressRow
						label={__('Customers', 'abacus')}
						imported={status.customers.imported}
						total={status.customers.total}
						formatNumber={formatNumber}
					/>
				</div>
			)}
		</section>
	);
}

function ProgressRow({
	label,
	imported,
	total,
	formatNumber,
}: {
	label: string;
	imported: number;
	total: number;
	formatNumber: (value: unknown) => string;
}) {
	const percent = total > 0 ? Math.min(100, Math.round((imported / total) * 100)) : 100;
	const text = sprintf(
		/* translators: 1: what is imported (Orders, Customers), 2: imported, 3: total */
		__('%1$s: %2$s of %3$s imported', 'abacus'),
		label,
		formatNumber(imported),
		formatNumber(total),
	);
	return (
		<div className="abacus-import__row">
			<span className="abacus-import__label">{text}</span>
			<div
				className="abacus-import__bar"
				role="progressbar"
				aria-label={label}
				aria-valuemin={0}
				aria-valuemax={total}
				aria-valuenow={imported}
				aria-valuetext={text}
			>
				<div className="abacus-import__fill" style={{ width: `${percent}%` }} />
			</div>
		</div>
	);
}
