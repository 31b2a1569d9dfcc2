import { Button, CheckboxControl, Notice, SelectControl, TextControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { settingsStore } from '@abacus/data';
import type { WPError } from '@abacus/data';

import { LoadError, errorMessage } from '../shared/load-error.js';
import { Loading } from '../shared/loading.js';

export type SettingsGroup = 'general' | 'wc_admin';
type Values = Record<string, unknown>;
type Draft = Record<SettingsGroup, Values>;

const GROUPS: SettingsGroup[] = ['general', 'wc_admin'];

/** Order statuses offered by the analytics settings. */
function statusOptions(): Array<{ value: string; label: string }> {
	return [
		{ value: 'pending', label: __('Pending payment', 'abacus') },
		{ value: 'processing', label: __('Processing', 'abacus') },
		{ value: 'on-hold', label: __('On hold', 'abacus') },
		{ value: 'completed', label: __('Completed', 'abacus') },
		{ value: 'cancelled', label: __('Cancelled', 'abacus') },
		{ value: 'refunded', label: __('Refunded', 'abacus') },
		{ value: 'failed', label: __('Failed', 'abacus') },
	];
}

/** The text fields of the general group. */
function generalTextFields(): Array<{ id: string; label: string; type?: 'number' }> {
	return [
		{ id: 'woocommerce_store_address', label: __('Address line 1', 'abacus') },
		{ id: 'woocommerce_store_address_2', label: __('Address line 2', 'abacus') },
		{ id: 'woocommerce_store_city', label: __('City', 'abacus') },
		{ id: 'woocommerce_default_country', label: __('Country / State', 'abacus') },
		{ id: 'woocommerce_store_postcode', label: __('Postcode / ZIP', 'abacus') },
		{ id: 'woocommerce_currency', label: __('Currency', 'abacus') },
		{ id: 'woocommerce_price_thousand_sep', label: __('Thousand separator', 'abacus') },
		{ id: 'woocommerce_price_decimal_sep', label: __('Decimal separator', 'abacus') },
		{
			id: 'woocommerce_price_num_decimals',
			label: __('Number of decimals', 'abacus'),
			type: 'number',
		},
	];
}

function asStringList(value: unknown): string[] {
	return Array.isArray(value) ? value.map(String) : [];
}

function sameValue(a: unknown, b: unknown): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

/** The values of `draft` that differ from `saved`. */
export function changedValues(saved: Values, draft: Values): Values {
	const changed: Values = {};
	for (const [id, value] of Object.entries(draft)) {
		if (!sameValue(saved[id], value)) {
			changed[id] = value;
		}
	}
	return changed;
}

/** Settings: the general and analytics groups, saved as one batch per group of changed values. */
export default function Settings() {
	const { saved, loadError, isResolved } = useSelect((select) => {
		const store = select(settingsStore);
		const values = {} as Draft;
		let error: WPError | false = false;
		let resolved = true;
		for (const group of GROUPS) {
			values[group] = (store.getSettings(group)[group] ?? {}) as Values;
			resolved = resolved && store.hasFinishedResolution('getSettings', [group]);
			error = error || (store.getLastSettingsErrorForGroup(group) ?? false);
		}
		return { saved: values, loadError: error, isResolved: resolved };
	}, []);
	const { updateSettingsForGroup, persistSettingsForGroup, clearIsDirty, invalidateResolution } =
		useDispatch(settingsStore);
	const [draft, setDraft] = useState<Draft | null>(null);
	const [saving, setSaving] = useState(false);
	const [saveError, setSaveError] = useState<string | null>(null);
	const [saved_, setSavedNotice] = useState(false);

	useEffect(() => {
		if (isResolved && !loadError && draft === null) {
			setDraft({ general: { ...saved.general }, wc_admin: { ...saved.wc_admin } });
		}
	}, [isResolved, loadError, draft, saved]);

	if (loadError && draft === null) {
		return (
			<LoadError
				title={__('The settings could not be loaded.', 'abacus')}
				error={loadError}
				onRetry={() =>
					GROUPS.forEach((group) => invalidateResolution('getSettings', [group]))
				}
			/>
		);
	}
	if (!isResolved || draft === null) {
		return <Loading label={__('Loading settings…', 'abacus')} />;
	}
	const current = draft;

	function set(group: SettingsGroup, id: string, value: unknown) {
		setSavedNotice(false);
		setDraft({ ...current, [group]: { ...current[group], [id]: value } });
	}

	const changes = {
		general: changedValues(saved.general, current.general),
		wc_admin: changedValues(saved.wc_admin, current.wc_admin),
	};
	const isDirty = GROUPS.some((group) => Object.keys(changes[group]).length > 0);

	async function save() {
		setSaving(true);
		setSaveError(null);
		setSavedNotice(false);
		try {
			for (const group of GROUPS) {
				const changed = changes[group];
				if (!Object.keys(changed).length) continue;
				updateSettingsForGroup(group, changed);
				await persistSettingsForGroup(group);
				updateSettingsForGroup(group, { [group]: { ...saved[group], ...changed } });
				clearIsDirty(group);
			}
			setSavedNotice(true);
		} catch (caught) {
			const message = errorMessage(caught);
			const generic = __('There was a problem updating your settings.', 'abacus');
			setSaveError(message === generic ? generic : `${generic} ${message}`);
		} finally {
			setSaving(false);
		}
	}

	const text = (group: SettingsGroup, id: string) => {
		const value = current[group][id];
		return value === undefined || value === null || value === false ? '' : String(value);
	};

	return (
		<form
			className="abacus-settings"
			onSubmit={(event) => {
				event.preventDefault();
				void save();
			}}
		>
			<h1>{__('Settings', 'abacus')}</h1>
			{saveError ? (
				<Notice status="error" isDismissible={false}>
					{saveError}
				</Notice>
			) : null}
			{saved_ ? (
				<Notice status="success" onRemove={() => setSavedNotice(false)}>
					{__('Your settings have been saved.', 'abacus')}
				</Notice>
			) : null}
			<fieldset>
				<legend>{__('Store', 'abacus')}</legend>
				{generalTextFields().map((field) => (
					<TextControl
						key={field.id}
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={field.label}
						type={field.type ?? 'text'}
						value={text('general', field.id)}
						onChange={(value) => set('general', field.id, value)}
					/>
				))}
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={__('Currency position', 'abacus')}
					value={text('general', 'woocommerce_currency_pos')}
					options={
						[
							{ value: '', label: __('Choose a position', 'abacus') },
							{ value: 'left', label: __('Left', 'abacus') },
							{ value: 'right', label: __('Right', 'abacus') },
							{ value: 'left_space', label: __('Left with space', 'abacus') },
							{ value: 'right_space', label: __('Right with space', 'abacus') },
						] as Array<{ value: string; label: string }>
					}
					onChange={(value: string) => set('general', 'woocommerce_currency_pos', value)}
				/>
			</fieldset>
			{(
				[
					[
						'woocommerce_excluded_report_order_statuses',
						__('Excluded statuses', 'abacus'),
					],
					['woocommerce_actionable_order_statuses', __('Actionable statuses', 'abacus')],
				] as const
			).map(([id, legend]) => {
				const selected = asStringList(current.wc_admin[id]);
				return (
					<fieldset key={id}>
						<legend>{legend}</legend>
						{statusOptions().map((option) => (
							<CheckboxControl
								key={option.value}
								__nextHasNoMarginBottom
								label={option.label}
								checked={selected.includes(option.value)}
								onChange={(checked) =>
									set(
										'wc_admin',
										id,
										checked
											? [...selected, option.value]
											: selected.filter((status) => status !== option.value),
									)
								}
							/>
						))}
					</fieldset>
				);
			})}
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={__('Default date range', 'abacus')}
				value={text('wc_admin', 'woocommerce_default_date_range')}
				onChange={(value) => set('wc_admin', 'woocommerce_default_date_range', value)}
			/>
			<Button type="submit" variant="primary" isBusy={saving} disabled={saving || !isDirty}>
				{__('Save settings', 'abacus')}
			</Button>
		</form>
	);
}
