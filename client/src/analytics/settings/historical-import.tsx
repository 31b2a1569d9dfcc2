/**
 * Import historical data: rebuilds the report tables for all orders or the last N days, optionally
 * skipping orders already imported, and shows the progress the server reports.
 */
import { useState } from 'react';
import { Button, CheckboxControl, Notice, SelectControl, TextControl } from '@wordpress/components';
import { resolveSelect, useDispatch } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import { importStore } from '@abacus/data';

interface ImportStatus {
	is_importing?: boolean;
	orders?: { imported: number; total: number };
	customers?: { imported: number; total: number };
}

export function HistoricalImport() {
	const { updateImportation } = useDispatch(importStore);
	const [period, setPeriod] = useState<'all' | 'days'>('all');
	const [days, setDays] = useState('30');
	const [skipExisting, setSkipExisting] = useState(true);
	const [status, setStatus] = useState<ImportStatus | null>(null);
	const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(
		null,
	);
	const [isBusy, setIsBusy] = useState(false);
	const daysValue = Number(days);
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
				`/wc-analytics/reports/import?${params.toString()}`,
				true,
			)) as {
				status?: string;
				message?: string;
			};
			setMessage({
				status: response?.status === 'error' ? 'error' : 'success',
				text: response?.message ?? '',
			});
			const next = (await resolveSelect(importStore).getImportStatus({
				timestamp: Date.now(),
			})) as ImportStatus;
			setStatus(next);
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
				<Notice status={message.status} onRemove={() => setMessage(null)}>
					{message.text}
				</Notice>
			)}
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
			{period === 'days' && (
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
			)}
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__('Skip previously imported customers and orders', 'abacus')}
				checked={skipExisting}
				onChange={setSkipExisting}
			/>
			<Button
				variant="secondary"
				isBusy={isBusy}
				disabled={isBusy || !isDaysValid}
				onClick={() => void start()}
			>
				{__('Start', 'abacus')}
			</Button>
			{status?.orders && (
				<p aria-live="polite">
					{sprintf(
						/* translators: 1: orders imported, 2: orders in total */
						__('Imported %1$d of %2$d orders.', 'abacus'),
						status.orders.imported,
						status.orders.total,
					)}
				</p>
			)}
		</section>
	);
}
