/**
 * Analytics settings (/analytics/settings): order statuses excluded from reports, actionable
 * statuses, the default date range, and importing historical data.
 */
import { useState } from 'react';
import { Button, CheckboxControl, Notice, SelectControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { optionsStore, useSettings } from '@abacus/data';
import { periods, presetValues } from '@abacus/date';
import { getSetting } from '@abacus/settings';

import { HistoricalImport } from './historical-import.js';
import { parseDateRange } from './date-range.js';
import './style.scss';

const EXCLUDED = 'woocommerce_excluded_report_order_statuses';
const ACTIONABLE = 'woocommerce_actionable_order_statuses';
const DATE_RANGE = 'woocommerce_default_date_range';

function asList(value: unknown, fallback: string[]): string[] {
	return Array.isArray(value) ? value.map(String) : fallback;
}

function StatusList({
	legend,
	help,
	statuses,
	selected,
	onChange,
}: {
	legend: string;
	help: string;
	statuses: Record<string, string>;
	selected: string[];
	onChange: (next: string[]) => void;
}) {
	return (
		<fieldset className="abacus-settings__field">
			<legend>{legend}</legend>
			<p className="abacus-settings__help">{help}</p>
			{Object.entries(statuses).map(([status, label]) => (
				<CheckboxControl
					__nextHasNoMarginBottom
					key={status}
					label={label}
					checked={selected.includes(status)}
					onChange={(checked: boolean) =>
						onChange(
							checked
								? [...selected, status]
								: selected.filter((item) => item !== status),
						)
					}
				/>
			))}
		</fieldset>
	);
}

export default function AnalyticsSettings() {
	const { wcAdminSettings, updateSettings } = useSettings('wc_admin', ['wcAdminSettings']);
	const current = (
		wcAdminSettings && typeof wcAdminSettings === 'object' ? wcAdminSettings : {}
	) as Record<string, unknown>;
	const statuses = getSetting('orderStatuses', {}) as Record<string, string>;
	const { updateOptions } = useDispatch(optionsStore);
	const [excluded, setExcluded] = useState(() => asList(current[EXCLUDED], []));
	const [actionable, setActionable] = useState(() =>
		asList(current[ACTIONABLE], ['processing', 'on-hold']),
	);
	const [range, setRange] = useState(() => parseDateRange(current[DATE_RANGE]));
	const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(
		null,
	);
	const [isSaving, setIsSaving] = useState(false);

	async function save() {
		setIsSaving(true);
		setNotice(null);
		const values = {
			[EXCLUDED]: excluded,
			[ACTIONABLE]: actionable,
			[DATE_RANGE]: `period=${range.period}&compare=${range.compare}`,
		};
		const result = (await updateOptions(values)) as { success: boolean; message?: string };
		setIsSaving(false);
		if (result?.success) {
			updateSettings('wcAdminSettings', { ...current, ...values });
			setNotice({
				status: 'success',
				text: __('Your settings have been successfully saved.', 'abacus'),
			});
		} else {
			setNotice({
				status: 'error',
				text:
					result?.message ||
					__('There was an error saving your settings. Please try again.', 'abacus'),
			});
		}
	}

	return (
		<div className="abacus-settings">
			{notice && (
				<Notice status={notice.status} onRemove={() => setNotice(null)}>
					{notice.text}
				</Notice>
			)}
			<section className="abacus-settings__card">
				<h2>{__('Analytics settings', 'abacus')}</h2>
				<StatusList
					legend={__('Excluded statuses', 'abacus')}
					help={__(
						'Orders with these statuses are excluded from the totals in your reports.',
						'abacus',
					)}
					statuses={statuses}
					selected={excluded}
					onChange={setExcluded}
				/>
				<StatusList
					legend={__('Actionable statuses', 'abacus')}
					help={__(
						'Orders with these statuses require action on behalf of the store admin.',
						'abacus',
					)}
					statuses={statuses}
					selected={actionable}
					onChange={setActionable}
				/>
				<div className="abacus-settings__field">
					<SelectControl
						__nextHasNoMarginBottom
						label={__('Default date range', 'abacus')}
						value={range.period}
						options={presetValues
							.filter((preset) => preset.value !== 'custom')
							.map((preset): { value: string; label: string } => ({
								value: preset.value,
								label: preset.label,
							}))}
						onChange={(period: string) => setRange({ ...range, period })}
					/>
					<SelectControl
						__nextHasNoMarginBottom
						label={__('Compare to', 'abacus')}
						value={range.compare}
						options={periods.map((item): { value: string; label: string } => ({
							value: item.value,
							label: item.label,
						}))}
						onChange={(compare: string) => setRange({ ...range, compare })}
					/>
				</div>
				<Button
					variant="primary"
					isBusy={isSaving}
					disabled={isSaving}
					onClick={() => void save()}
				>
					{__('Save settings', 'abacus')}
				</Button>
			</section>
			<HistoricalImport />
		</div>
	);
}
