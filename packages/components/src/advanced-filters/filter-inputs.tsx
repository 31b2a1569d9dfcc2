import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { Moment } from 'moment';
import { useEffect, useId, useMemo, useState } from 'react';
import { isoDateFormat, toMoment } from '@abacus/date';
import type { FilterValue } from '@abacus/navigation';

import { DatePicker } from '../date-picker/index.js';
import type { DatePickerUpdate } from '../date-picker/index.js';
import { isSearchType, Search, useSearchFetcher, type Autocompleter } from '../search/index.js';
import type { SelectedOption } from '../select-control/index.js';
import { SelectControl } from '../select-control/index.js';
import type { AdvancedFilterDefinition, AdvancedFiltersProps } from './types.js';

export interface FilterInputProps {
	definition: AdvancedFilterDefinition;
	rule: string | undefined;
	value: FilterValue;
	onChange: (value: FilterValue) => void;
	currency: NonNullable<AdvancedFiltersProps['currency']>;
	dateFormat: string;
}

function asArray(value: FilterValue): FilterValue[] {
	return Array.isArray(value) ? value : [value];
}

function asText(value: FilterValue | undefined): string {
	return value === undefined || Array.isArray(value) ? '' : String(value);
}

/** Currency and Number: one input, or 'from' and 'to' inputs for the between rule. */
export function NumberFilterInput({
	definition,
	rule,
	value,
	onChange,
	currency,
	isCurrency,
}: FilterInputProps & { isCurrency: boolean }) {
	const id = useId();
	const label = definition.labels.filter || definition.labels.title;
	const symbol = currency.symbol ?? '$';
	const isRight = (currency.symbolPosition ?? 'left').startsWith('right');
	const field = (
		text: string,
		fieldLabel: string,
		onText: (next: string) => void,
		key: string,
	) => (
		<span className="abacus-advanced-filters__number" key={key}>
			{isCurrency && !isRight && <span aria-hidden="true">{symbol}</span>}
			<input
				id={`${id}-${key}`}
				type="number"
				step="any"
				aria-label={fieldLabel}
				value={text}
				onChange={(event) => onText(event.target.value)}
			/>
			{isCurrency && isRight && <span aria-hidden="true">{symbol}</span>}
		</span>
	);
	if (rule === 'between') {
		const [start = '', end = ''] = asArray(value).map((item) => asText(item));
		return (
			<span className="abacus-advanced-filters__range">
				{/* translators: %s: filter name */}
				{field(
					start,
					sprintf(__('%s range start', 'abacus'), label),
					(next) => onChange([next, end]),
					'start',
				)}
				<span className="abacus-advanced-filters__and">{__('and', 'abacus')}</span>
				{/* translators: %s: filter name */}
				{field(
					end,
					sprintf(__('%s range end', 'abacus'), label),
					(next) => onChange([start, next]),
					'end',
				)}
			</span>
		);
	}
	return field(asText(asArray(value)[0]), label, (next) => onChange(next), 'value');
}

interface DateText {
	date: Moment | null;
	text: string;
	error: string | null;
}

function dateTextOf(value: FilterValue | undefined, dateFormat: string): DateText {
	const iso = asText(value);
	const date = iso ? toMoment(isoDateFormat, iso) : null;
	return { date, text: date ? date.format(dateFormat) : '', error: null };
}

/** Date: one date, or two for the between rule; the value changes only when every date is valid. */
export function DateFilterInput({
	definition,
	rule,
	value,
	onChange,
	dateFormat,
}: FilterInputProps) {
	const label = definition.labels.filter || definition.labels.title;
	const values = asArray(value);
	const [start, setStart] = useState<DateText>(() => dateTextOf(values[0], dateFormat));
	const [end, setEnd] = useState<DateText>(() => dateTextOf(values[1], dateFormat));

	const update = (nextStart: DateText, nextEnd: DateText) => {
		if (rule === 'between') {
			if (nextStart.date && nextEnd.date) {
				onChange([
					nextStart.date.format(isoDateFormat),
					nextEnd.date.format(isoDateFormat),
				]);
			}
		} else if (nextStart.date) {
			onChange(nextStart.date.format(isoDateFormat));
		}
	};
	const onStart = (next: DatePickerUpdate) => {
		setStart(next);
		update(next, end);
	};
	const onEnd = (next: DatePickerUpdate) => {
		setEnd(next);
		update(start, next);
	};

	if (rule === 'between') {
		return (
			<span className="abacus-advanced-filters__range">
				<DatePicker
					{...start}
					dateFormat={dateFormat}
					/* translators: %s: filter name */
					label={sprintf(__('%s range start', 'abacus'), label)}
					onUpdate={onStart}
				/>
				<span className="abacus-advanced-filters__and">{__('and', 'abacus')}</span>
				<DatePicker
					{...end}
					dateFormat={dateFormat}
					/* translators: %s: filter name */
					label={sprintf(__('%s range end', 'abacus'), label)}
					onUpdate={onEnd}
				/>
			</span>
		);
	}
	return <DatePicker {...start} dateFormat={dateFormat} label={label} onUpdate={onStart} />;
}

/** SelectControl: one option of a fixed list. */
export function SelectFilterInput({ definition, value, onChange }: FilterInputProps) {
	const options = (definition.input.options ?? []).map((option) => ({
		key: option.value,
		label: option.label,
	}));
	return (
		<SelectControl
			className="abacus-advanced-filters__select"
			label={definition.labels.filter || definition.labels.title}
			options={options}
			selected={asText(value)}
			onChange={(next) => onChange(typeof next === 'string' ? next : '')}
		/>
	);
}

/** Search: items of the search type; the value is a comma list of their ids. */
export function SearchFilterInput({ definition, value, onChange }: FilterInputProps) {
	const ids = asText(value);
	const [selected, setSelected] = useState<SelectedOption[]>([]);
	const { getLabels } = definition.input;

	useEffect(() => {
		if (!ids) {
			setSelected([]);
			return;
		}
		if (selected.map((item) => item.key).join(',') === ids) return;
		let isCurrent = true;
		const fallback = ids.split(',').map((key) => ({ key, label: key }));
		if (!getLabels) {
			setSelected(fallback);
			return;
		}
		getLabels(ids).then(
			(items) => {
				if (isCurrent) {
					setSelected(
						items.map((item) => ({ key: String(item.key), label: item.label })),
					);
				}
			},
			() => isCurrent && setSelected(fallback),
		);
		return () => {
			isCurrent = false;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ids, getLabels]);

	const { loadOptions } = definition.input;
	const autocompleter = useMemo<Autocompleter | undefined>(
		() =>
			loadOptions && {
				name: 'custom',
				options: async (query: string) =>
					(await loadOptions(query)).map((option) => ({ ...option })),
				getOptionIdentifier: (item) => String(item.value),
				getOptionLabel: (item) => String(item.label),
				getOptionKeywords: (item) => [String(item.value)],
			},
		[loadOptions],
	);

	return (
		<Search
			className="abacus-advanced-filters__search"
			type={
				autocompleter
					? 'custom'
					: isSearchType(definition.input.type)
						? definition.input.type
						: 'products'
			}
			autocompleter={autocompleter}
			selected={selected}
			placeholder={definition.labels.placeholder || definition.labels.filter}
			inlineTags
			onChange={(next) => {
				setSelected(next);
				onChange(next.map((item) => item.key).join(','));
			}}
		/>
	);
}

/** ProductAttribute: an attribute, then one of its terms; the value is [attributeId, termId]. */
export function AttributeFilterInput({ definition, value, onChange }: FilterInputProps) {
	const fetcher = useSearchFetcher();
	const [attributeId = '', termId = ''] = asArray(value).map((item) => asText(item));
	const [attribute, setAttribute] = useState<SelectedOption[]>([]);
	const [terms, setTerms] = useState<Array<{ key: string; label: string }> | null>(null);
	const [error, setError] = useState(false);
	const [attempt, setAttempt] = useState(0);

	useEffect(() => {
		if (!attributeId || !fetcher) {
			setTerms(null);
			return;
		}
		let isCurrent = true;
		setError(false);
		setTerms(null);
		const base = `/wc-analytics/products/attributes/${encodeURIComponent(attributeId)}`;
		if (!attribute.length) {
			fetcher({ path: base }).then(
				(item) => {
					const { id, name } = (item ?? {}) as { id?: number; name?: string };
					if (isCurrent && id !== undefined) {
						setAttribute([{ key: String(id), label: String(name ?? id) }]);
					}
				},
				() => {},
			);
		}
		fetcher({ path: `${base}/terms?per_page=100` }).then(
			(items) => {
				if (!isCurrent) return;
				const list = Array.isArray(items)
					? (items as Array<{ id: number; name: string }>)
					: [];
				setTerms(list.map((term) => ({ key: String(term.id), label: term.name })));
			},
			() => isCurrent && setError(true),
		);
		return () => {
			isCurrent = false;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [attributeId, fetcher, attempt]);

	return (
		<span className="abacus-advanced-filters__attribute">
			<Search
				type="attributes"
				multiple={false}
				selected={attribute}
				placeholder={definition.labels.placeholder || __('Search attributes', 'abacus')}
				inlineTags
				onChange={(next) => {
					setAttribute(next);
					onChange(next.length ? [next[0].key, ''] : []);
				}}
			/>
			{attributeId && error && (
				<span role="alert" className="abacus-advanced-filters__error">
					{__('The attribute terms could not be loaded.', 'abacus')}{' '}
					<Button variant="link" onClick={() => setAttempt(attempt + 1)}>
						{__('Retry', 'abacus')}
					</Button>
				</span>
			)}
			{attributeId && terms && (
				<SelectControl
					label={definition.labels.filter || __('Attribute value', 'abacus')}
					options={terms}
					selected={termId}
					onChange={(next) =>
						onChange([attributeId, typeof next === 'string' ? next : ''])
					}
				/>
			)}
		</span>
	);
}

/** The input of a line, chosen by `definition.input.component`. */
export function FilterInput(props: FilterInputProps) {
	switch (props.definition.input.component) {
		case 'Currency':
			return <NumberFilterInput {...props} isCurrency />;
		case 'Number':
			return <NumberFilterInput {...props} isCurrency={false} />;
		case 'Date':
			return <DateFilterInput {...props} />;
		case 'SelectControl':
			return <SelectFilterInput {...props} />;
		case 'Search':
			return <SearchFilterInput {...props} />;
		case 'ProductAttribute':
			return <AttributeFilterInput {...props} />;
		default:
			return null;
	}
}
