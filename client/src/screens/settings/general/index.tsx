import {
	Button,
	Card,
	CardBody,
	CardHeader,
	CheckboxControl,
	Notice,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { SnackbarNotice } from '@abacus/components';
import { periods, presetValues } from '@abacus/date';

import { parseDateRange } from '../analytics/date-range.js';
import { LoadError, errorMessage } from '../../../base/load-error.js';
import { Loading } from '../../../base/loading.js';
import { changedValues, useSettingsGroups } from '../../shared/settings-groups.js';
import type { LoadedGroup, Values } from '../../shared/settings-groups.js';
import '../../shared/style.scss';

export { changedValues } from '../../shared/settings-groups.js';

export type SettingsGroup = 'general' | 'wc_admin';
type Draft = Record<SettingsGroup, Values>;

const GROUPS: SettingsGroup[] = ['general', 'wc_admin'];
const EXCLUDED = 'woocommerce_excluded_report_order_statuses';
const ACTIONABLE = 'woocommerce_actionable_order_statuses';
const DATE_RANGE = 'woocommerce_default_date_range';

/** Order statuses offered when the server does not list them. */
function defaultStatusOptions(): Record<string, string> {
	return {
		pending: __('Pending payment', 'abacus'),
		processing: __('Processing', 'abacus'),
		'on-hold': __('On hold', 'abacus'),
		completed: __('Completed', 'abacus'),
		cancelled: __('Cancelled', 'abacus'),
		refunded: __('Refunded', 'abacus'),
		failed: __('Failed', 'abacus'),
	};
}

/** The fields of the general group, in the order shown. */
function generalFields(): Array<{ id: string; label: string; type?: 'number' }> {
	return [
		{ id: 'woocommerce_store_address', label: __('Address line 1', 'abacus') },
		{ id: 'woocommerce_store_address_2', label: __('Address line 2', 'abacus') },
		{ id: 'woocommerce_store_city', label: __('City', 'abacus') },
		{ id: 'woocommerce_default_country', label: __('Country / State', 'abacus') },
		{ id: 'woocommerce_store_postcode', label: __('Postcode / ZIP', 'abacus') },
		{ id: 'woocommerce_currency', label: __('Currency', 'abacus') },
		{ id: 'woocommerce_currency_pos', label: __('Currency position', 'abacus') },
		{ id: 'woocommerce_price_thousand_sep', label: __('Thousand separator', 'abacus') },
		{ id: 'woocommerce_price_decimal_sep', label: __('Decimal separator', 'abacus') },
		{
			id: 'woocommerce_price_num_decimals',
			label: __('Number of decimals', 'abacus'),
			type: 'number',
		},
	];
}

function currencyPositions(): Record<string, string> {
	return {
		left: __('Left', 'abacus'),
		right: __('Right', 'abacus'),
		left_space: __('Left with space', 'abacus'),
		right_space: __('Right with space', 'abacus'),
	};
}

function asStringList(value: unknown): string[] {
	return Array.isArray(value) ? value.map(String) : [];
}

function text(value: unknown): string {
	return value === undefined || value === null || value === false ? '' : String(value);
}

/** The choices of a loaded setting, with its current value kept even when not listed. */
function choices(
	options: Record<string, string>,
	value: string,
): Array<{ value: string; label: string }> {
	const list = Object.entries(options).map(([key, label]) => ({ value: key, label }));
	if (value !== '' && !(value in options)) {
		// A country with its state ('US:CA') is named after its country.
		const [country, state] = value.split(':');
		const label =
			state && country in options
				? sprintf(
						/* translators: 1: country name, 2: state code */
						__('%1$s — %2$s', 'abacus'),
						options[country],
						state,
					)
				: value;
		list.unshift({ value, label });
	}
	return list;
}

/** Settings: the general and analytics groups, read first, saved as one batch per group of changed values. */
export default function Settings() {
	const { state, reload, save } = useSettingsGroups(GROUPS);
	const [draft, setDraft] = useState<Draft | null>(null);
	const [saving, setSaving] = useState(false);
	const [saveError, setSaveError] = useState<string | null>(null);
	const [savedNotice, setSavedNotice] = useState(false);

	useEffect(() => {
		if (state.status === 'ready' && draft === null) {
			setDraft({
				general: { ...state.groups.general.values },
				wc_admin: { ...state.groups.wc_admin.values },
			});
		}
	}, [state, draft]);

	if (state.status === 'error' && draft === null) {
		return (
			<LoadError
				title={__('The settings could not be loaded.', 'abacus')}
				error={state.error}
				onRetry={() => void reload()}
			/>
		);
	}
	if (state.status !== 'ready' || draft === null) {
		return <Loading label={__('Loading settings…', 'abacus')} />;
	}
	const loaded: Record<SettingsGroup, LoadedGroup> = state.groups;
	const current = draft;

	function set(group: SettingsGroup, id: string, value: unknown) {
		setSavedNotice(false);
		setDraft({ ...current, [group]: { ...current[group], [id]: value } });
	}

	const changes = {
		general: changedValues(loaded.general.values, current.general),
		wc_admin: changedValues(loaded.wc_admin.values, current.wc_admin),
	};
	const isDirty = GROUPS.some((group) => Object.keys(changes[group]).length > 0);
	const has = (group: SettingsGroup, id: string) =>
		Object.prototype.hasOwnProperty.call(loaded[group].values, id);

	async function submit() {
		setSaving(true);
		setSaveError(null);
		setSavedNotice(false);
		try {
			await save(changes);
			setSavedNotice(true);
		} catch (caught) {
			const message = errorMessage(caught);
			const generic = __('There was a problem updating your settings.', 'abacus');
			setSaveError(message === generic ? generic : `${generic} ${message}`);
		} finally {
			setSaving(false);
		}
	}

	function optionsOf(id: string): Record<string, string> | undefined {
		const listed = loaded.general.definitions[id]?.options;
		if (listed && Object.keys(listed).length) return listed;
		return id === 'woocommerce_currency_pos' ? currencyPositions() : undefined;
	}

	const range = parseDateRange(current.wc_admin[DATE_RANGE]);
	const setRange = (next: { period: string; compare: string }) =>
		set('wc_admin', DATE_RANGE, `period=${next.period}&compare=${next.compare}`);

	return (
		<form
			className="abacus-helper abacus-settings-form"
			onSubmit={(event) => {
				event.preventDefault();
				void submit();
			}}
		>
			<Card>
				<CardHeader>
					<h2 className="abacus-helper__card-title">{__('Store', 'abacus')}</h2>
				</CardHeader>
				<CardBody className="abacus-helper__fields">
					{generalFields()
						.filter((field) => has('general', field.id))
						.map((field) => {
							const value = text(current.general[field.id]);
							const options = optionsOf(field.id);
							return options ? (
								<SelectControl
									key={field.id}
									__next40pxDefaultSize
									__nextHasNoMarginBottom
									label={field.label}
									value={value}
									options={choices(options, value)}
									onChange={(next: string) => set('general', field.id, next)}
								/>
							) : (
								<TextControl
									key={field.id}
									__next40pxDefaultSize
									__nextHasNoMarginBottom
									label={field.label}
									type={field.type ?? 'text'}
									value={value}
									onChange={(next) => set('general', field.id, next)}
								/>
							);
						})}
				</CardBody>
			</Card>
			<Card>
				<CardHeader>
					<h2 className="abacus-helper__card-title">{__('Analytics', 'abacus')}</h2>
				</CardHeader>
				<CardBody className="abacus-helper__fields">
					{(
						[
							[EXCLUDED, __('Excluded statuses', 'abacus')],
							[ACTIONABLE, __('Actionable statuses', 'abacus')],
						] as const
					)
						.filter(([id]) => has('wc_admin', id))
						.map(([id, legend]) => {
							const selected = asStringList(current.wc_admin[id]);
							const listed = loaded.wc_admin.definitions[id]?.options;
							const statuses =
								listed && Object.keys(listed).length
									? listed
									: defaultStatusOptions();
							return (
								<fieldset key={id} className="abacus-helper__checkboxes">
									<legend>{legend}</legend>
									{Object.entries(statuses).map(([status, label]) => (
										<CheckboxControl
											key={status}
											__nextHasNoMarginBottom
											label={label}
											checked={selected.includes(status)}
											onChange={(checked) =>
												set(
													'wc_admin',
													id,
													checked
														? [...selected, status]
														: selected.filter(
																(item) => item !== status,
															),
												)
											}
										/>
									))}
								</fieldset>
							);
						})}
					{has('wc_admin', DATE_RANGE) ? (
						<div className="abacus-helper__row">
							<SelectControl
								__next40pxDefaultSize
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
								__next40pxDefaultSize
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
					) : null}
				</CardBody>
			</Card>
			{saveError ? (
				<Notice status="error" isDismissible={false}>
					{saveError}
				</Notice>
			) : null}
			{savedNotice ? (
				<SnackbarNotice onRemove={() => setSavedNotice(false)}>
					{__('Your settings have been saved.', 'abacus')}
				</SnackbarNotice>
			) : null}
			<div>
				<Button
					type="submit"
					variant="primary"
					__next40pxDefaultSize
					isBusy={saving}
					disabled={saving || !isDirty}
				>
					{__('Save settings', 'abacus')}
				</Button>
			</div>
		</form>
	);
}
