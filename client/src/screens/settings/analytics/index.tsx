/**
 * Analytics settings (/analytics/settings): order statuses excluded from reports, actionable
 * statuses, the default date range, the date orders count on (created, paid or completed), and
 * importing historical data; the analytics engine and the e-mail digests (WordPress plugin).
 */
import { useEffect, useState } from 'react';
import { Button, CheckboxControl, Notice, SelectControl } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { SnackbarNotice } from '@abacus/components';
import { optionsStore } from '@abacus/data';
import { periods, presetValues } from '@abacus/date';
import { getSetting } from '@abacus/settings';

import { LoadError } from '../../../base/load-error.js';
import { Loading } from '../../../base/loading.js';
import { changedValues, useSettingsGroups } from '../../shared/settings-groups.js';
import type { Values } from '../../shared/settings-groups.js';

import { engineClient } from '../../../engine/index.js';
import { getOperator } from '../../../engine/operator.js';
import { EngineSettings } from './engine.js';
import { DigestSettings } from './digests.js';
import { AnnotationSettings } from './annotations.js';
import { HistoricalImport } from './historical-import.js';
import { parseDateRange } from './date-range.js';
import './style.scss';

const EXCLUDED = 'woocommerce_excluded_report_order_statuses';
const ACTIONABLE = 'woocommerce_actionable_order_statuses';
const DATE_RANGE = 'woocommerce_default_date_range';
const DATE_TYPE = 'woocommerce_date_type';
/** The settings of this screen that change the engine's figures. */
const FIGURE_SETTINGS = [DATE_TYPE, EXCLUDED, ACTIONABLE];

const GROUPS = ['wc_admin'] as const;

const DATE_TYPES = ['date_created', 'date_paid', 'date_completed'] as const;
type DateType = (typeof DATE_TYPES)[number];

/**
 * The stored date type when it is one of the three, else WooCommerce's default when never saved
 * (its settings answer an empty value): the paid date.
 */
function dateTypeOf(value: unknown): DateType {
	return DATE_TYPES.find((type) => type === value) ?? 'date_paid';
}

function asList(value: unknown): string[] {
	return Array.isArray(value) ? value.map(String) : [];
}

function StatusList({
	legend,
	help,
	statuses,
	selected,
	onChange,
	disabled = false,
}: {
	legend: string;
	help: string;
	statuses: Record<string, string>;
	selected: string[];
	onChange: (next: string[]) => void;
	/** Shown but not changeable (a store's own setting on a many-store engine's page). */
	disabled?: boolean;
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
					disabled={disabled}
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
	const { state, reload, markSaved } = useSettingsGroups(GROUPS);
	const { updateOptions } = useDispatch(optionsStore);
	const [draft, setDraft] = useState<Values | null>(null);
	const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(
		null,
	);
	const [isSaving, setIsSaving] = useState(false);

	useEffect(() => {
		if (state.status === 'ready' && draft === null) {
			setDraft({ ...state.groups.wc_admin.values });
		}
	}, [state, draft]);

	if (state.status === 'error' && draft === null) {
		return (
			<div className="abacus-settings">
				<LoadError
					title={__('The analytics settings could not be loaded.', 'abacus')}
					error={state.error}
					onRetry={() => void reload()}
				/>
				{getOperator() === null && <EngineSettings />}
				{getOperator() === null && <DigestSettings />}
				<AnnotationSettings />
				<HistoricalImport />
			</div>
		);
	}
	if (state.status !== 'ready' || draft === null) {
		return <Loading label={__('Loading settings…', 'abacus')} />;
	}
	const loaded = state.groups.wc_admin;
	const current = draft;
	const has = (id: string) => Object.prototype.hasOwnProperty.call(loaded.values, id);
	const statusesOf = (id: string): Record<string, string> => {
		const listed = loaded.definitions[id]?.options;
		return listed && Object.keys(listed).length
			? listed
			: (getSetting('orderStatuses', {}) as Record<string, string>);
	};
	// On a many-store engine's page the statuses and the date type are the chosen store's own
	// settings (registered with its rows): shown, not changed here.
	const storeOwned = getOperator()?.store != null;
	const changes = changedValues(loaded.values, current);
	const isDirty = Object.keys(changes).length > 0;
	const range = parseDateRange(current[DATE_RANGE]);
	const set = (id: string, value: unknown) => {
		setNotice(null);
		setDraft({ ...current, [id]: value });
	};

	async function submit() {
		setIsSaving(true);
		setNotice(null);
		const result = (await updateOptions(changes)) as { success: boolean; message?: string };
		setIsSaving(false);
		if (result?.success) {
			markSaved('wc_admin', changes);
			// The plugin told the engine on save: the report pages say "recomputing" until it has
			// read the settings again.
			if (
				FIGURE_SETTINGS.some((id) => Object.hasOwn(changes, id)) &&
				engineClient.isRouting()
			) {
				engineClient.noteSettingsChange({
					at: new Date().toISOString(),
					notified: true,
					local: true,
				});
			}
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
			<section className="abacus-settings__card">
				<h2>{__('Analytics settings', 'abacus')}</h2>
				{storeOwned ? (
					<p className="abacus-settings__help">
						{__(
							'The statuses and the date type are this store’s own settings, loaded into the engine with its orders: change them in the store’s own Analytics settings.',
							'abacus',
						)}
					</p>
				) : null}
				{has(EXCLUDED) ? (
					<StatusList
						legend={__('Excluded statuses', 'abacus')}
						help={__(
							'Orders with these statuses are excluded from the totals in your reports.',
							'abacus',
						)}
						statuses={statusesOf(EXCLUDED)}
						selected={asList(current[EXCLUDED])}
						onChange={(next) => set(EXCLUDED, next)}
						disabled={storeOwned}
					/>
				) : null}
				{has(ACTIONABLE) ? (
					<StatusList
						legend={__('Actionable statuses', 'abacus')}
						help={__(
							'Orders with these statuses require action on behalf of the store admin.',
							'abacus',
						)}
						statuses={statusesOf(ACTIONABLE)}
						selected={asList(current[ACTIONABLE])}
						onChange={(next) => set(ACTIONABLE, next)}
						disabled={storeOwned}
					/>
				) : null}
				{has(DATE_RANGE) ? (
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
							onChange={(period: string) =>
								set(DATE_RANGE, `period=${period}&compare=${range.compare}`)
							}
						/>
						<SelectControl
							__nextHasNoMarginBottom
							label={__('Compare to', 'abacus')}
							value={range.compare}
							options={periods.map((item): { value: string; label: string } => ({
								value: item.value,
								label: item.label,
							}))}
							onChange={(compare: string) =>
								set(DATE_RANGE, `period=${range.period}&compare=${compare}`)
							}
						/>
					</div>
				) : null}
				{has(DATE_TYPE) ? (
					<div className="abacus-settings__field">
						<SelectControl
							__nextHasNoMarginBottom
							label={__('Date type', 'abacus')}
							help={__(
								'The date an order counts on in every report, tile, chart and export. Under paid or completed, orders not yet paid or completed are left out; refunds count on their own date. Changing it recomputes the reports.',
								'abacus',
							)}
							disabled={storeOwned}
							value={dateTypeOf(current[DATE_TYPE])}
							options={[
								{ value: 'date_created', label: __('Date created', 'abacus') },
								{ value: 'date_paid', label: __('Date paid', 'abacus') },
								{ value: 'date_completed', label: __('Date completed', 'abacus') },
							]}
							onChange={(value: string) => set(DATE_TYPE, value)}
						/>
					</div>
				) : null}
				{notice?.status === 'error' ? (
					<Notice status="error" onRemove={() => setNotice(null)}>
						{notice.text}
					</Notice>
				) : null}
				{notice?.status === 'success' ? (
					<SnackbarNotice onRemove={() => setNotice(null)}>{notice.text}</SnackbarNotice>
				) : null}
				<Button
					variant="primary"
					isBusy={isSaving}
					disabled={isSaving || !isDirty}
					onClick={() => void submit()}
				>
					{__('Save settings', 'abacus')}
				</Button>
			</section>
			{getOperator() === null && <EngineSettings />}
			{getOperator() === null && <DigestSettings />}
			<AnnotationSettings />
			<HistoricalImport />
		</div>
	);
}
