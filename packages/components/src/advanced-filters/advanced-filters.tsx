import { Button, Dropdown, MenuGroup, MenuItem } from '@wordpress/components';
import { createInterpolateElement } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import {
	getActiveFiltersFromQuery,
	getDefaultOptionValue,
	getHistory,
	getNewPath,
	getQueryFromActiveFilters,
} from '@abacus/navigation';
import type { AdvancedFiltersConfig, FilterValue } from '@abacus/navigation';

import { FilterInput } from './filter-inputs.js';
import type {
	AdvancedFilterDefinition,
	AdvancedFilterLine,
	AdvancedFiltersProps,
} from './types.js';
import './style.scss';

type Match = 'all' | 'any';

function navigationConfig(
	filters: Record<string, AdvancedFilterDefinition>,
): AdvancedFiltersConfig {
	return filters as unknown as AdvancedFiltersConfig;
}

/**
 * A new line of filter `key`: its first rule, and the default option for a select, '' for a
 * search (and other single values), an empty pair for a between rule or an attribute.
 */
export function getNewLine(
	key: string,
	definition: AdvancedFilterDefinition,
	instance: number,
): AdvancedFilterLine {
	const rule = definition.rules?.[0]?.value;
	let value: FilterValue = '';
	if (definition.input.component === 'SelectControl') {
		value =
			getDefaultOptionValue(
				navigationConfig({ [key]: definition })[key],
				definition.input.options ?? [],
			) ?? '';
	} else if (definition.input.component === 'ProductAttribute') {
		value = [];
	} else if (rule === 'between') {
		value = ['', ''];
	}
	return { key, rule, value, instance };
}

/** The value kept when the rule changes: a pair for 'between', else its first value. */
export function collapseValue(value: FilterValue, rule: string | undefined): FilterValue {
	if (rule === 'between') {
		return Array.isArray(value) ? value : [value, ''];
	}
	return Array.isArray(value) && value.length && !Array.isArray(value[0]) ? value[0] : value;
}

/** A line title without its {{rule /}} and {{filter /}} placeholders (for accessible names). */
function plainTitle(title: string): string {
	return title
		.replace(/\{\{\s*(rule|filter)\s*\/\}\}/g, '')
		.replace(/\s+/g, ' ')
		.trim();
}

/**
 * A filter line: its title with the rule select and the value input in the places its
 * `{{rule /}}` and `{{filter /}}` placeholders give (e.g. 'Product {{rule /}} {{filter /}}'), or
 * the title followed by both when it has none.
 */
function renderLineTitle(title: string, rule: ReactElement | null, input: ReactElement) {
	if (!/\{\{\s*(rule|filter)\s*\/\}\}/.test(title)) {
		return (
			<>
				<span className="abacus-advanced-filters__line-title">{title}</span>
				{rule}
				{input}
			</>
		);
	}
	const template = title
		.replace(/\{\{\s*rule\s*\/\}\}/g, rule ? '<rule/>' : '')
		.replace(/\{\{\s*filter\s*\/\}\}/g, '<filter/>');
	return (
		<span className="abacus-advanced-filters__line-title">
			{createInterpolateElement(template, {
				...(rule ? { rule } : {}),
				filter: input,
			})}
		</span>
	);
}

/**
 * The advanced filters card: "<title with the All/Any selector>", one line per active filter
 * (rule and value input, remove button), 'Add a Filter', 'Filter' (navigates with the filters'
 * parameters and `match`, left out when 'all') and 'Clear all filters'.
 */
export function AdvancedFilters({
	config,
	path,
	query = {},
	onAdvancedFilterAction = () => {},
	currency = { symbol: '$', symbolPosition: 'left' },
	dateFormat = 'MM/DD/YYYY',
	className,
}: AdvancedFiltersProps) {
	const id = useId();
	const navConfig = navigationConfig(config.filters);
	const fromQuery = (): AdvancedFilterLine[] =>
		getActiveFiltersFromQuery(
			query as Parameters<typeof getActiveFiltersFromQuery>[0],
			navConfig,
		)
			.filter((filter) => config.filters[filter.key])
			.map((filter, index) => ({ ...filter, instance: index }));
	const [lines, setLines] = useState<AdvancedFilterLine[]>(fromQuery);
	const [match, setMatch] = useState<Match>(query.match === 'any' ? 'any' : 'all');
	const counter = useRef(lines.length);
	const lineRefs = useRef(new Map<number, HTMLLIElement | null>());
	const [focusInstance, setFocusInstance] = useState<number | null>(null);
	const queryKey = JSON.stringify(query);

	// A query change rebuilds the lines.
	useEffect(() => {
		const next = fromQuery();
		counter.current = next.length;
		setLines(next);
		setMatch(query.match === 'any' ? 'any' : 'all');
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [queryKey]);

	useEffect(() => {
		if (focusInstance === null) return;
		const node = lineRefs.current.get(focusInstance);
		node?.querySelector<HTMLElement>('select, input, button')?.focus();
		setFocusInstance(null);
	}, [focusInstance]);

	const currentQuery = query as Record<string, unknown>;
	const removeAll = getQueryFromActiveFilters(
		[],
		currentQuery as Parameters<typeof getQueryFromActiveFilters>[1],
		navConfig,
	);
	const target = getNewPath(
		{
			...getQueryFromActiveFilters(
				lines,
				currentQuery as Parameters<typeof getQueryFromActiveFilters>[1],
				navConfig,
			),
			match: match === 'all' ? undefined : match,
		},
		path,
		currentQuery,
	);
	const current = getNewPath({}, path, currentQuery);
	const isFilterDisabled = !lines.length || target === current;

	const available = Object.entries(config.filters).filter(
		([key, definition]) => definition.allowMultiple || !lines.some((line) => line.key === key),
	);

	const addFilter = (key: string) => {
		const definition = config.filters[key];
		if (!definition) return;
		if (!definition.allowMultiple && lines.some((line) => line.key === key)) return;
		const line = getNewLine(key, definition, counter.current++);
		setLines([...lines, line]);
		setFocusInstance(line.instance);
		onAdvancedFilterAction('add', { key });
	};

	const updateLine = (instance: number, changes: Partial<AdvancedFilterLine>) =>
		setLines((old) =>
			old.map((line) => (line.instance === instance ? { ...line, ...changes } : line)),
		);

	const removeLine = (line: AdvancedFilterLine) => {
		const rest = lines.filter((item) => item.instance !== line.instance);
		setLines(rest);
		onAdvancedFilterAction('remove', { key: line.key });
		if (!rest.length) {
			getHistory().push(getNewPath({ ...removeAll, match: undefined }, path, currentQuery));
		}
	};

	const clearAll = () => {
		setLines([]);
		setMatch('all');
		onAdvancedFilterAction('clear_all');
		getHistory().push(getNewPath({ ...removeAll, match: undefined }, path, currentQuery));
	};

	const applyFilters = () => {
		if (isFilterDisabled) return;
		onAdvancedFilterAction('filter', { match, filters: lines });
		getHistory().push(target);
	};

	const matchSelect = (
		<select
			key="select"
			className="abacus-advanced-filters__match"
			aria-label={__('Match all or any of the filters', 'abacus')}
			value={match}
			onChange={(event) => {
				const next = event.target.value === 'any' ? 'any' : 'all';
				setMatch(next);
				onAdvancedFilterAction('match', { match: next });
			}}
		>
			<option value="all">{__('All', 'abacus')}</option>
			<option value="any">{__('Any', 'abacus')}</option>
		</select>
	);
	const title = config.title.includes('{{select /}}') ? (
		createInterpolateElement(config.title.replace('{{select /}}', '<select/>'), {
			select: matchSelect,
		})
	) : (
		<>
			{config.title} {matchSelect}
		</>
	);

	return (
		<section
			className={clsx('abacus-advanced-filters', className)}
			aria-labelledby={`${id}-title`}
		>
			<h3 id={`${id}-title`} className="abacus-advanced-filters__title">
				{title}
			</h3>
			{lines.length > 0 && (
				<ul className="abacus-advanced-filters__list">
					{lines.map((line) => {
						const definition = config.filters[line.key];
						return (
							<li
								key={line.instance}
								ref={(node) => {
									lineRefs.current.set(line.instance, node);
								}}
								className="abacus-advanced-filters__line"
							>
								{renderLineTitle(
									definition.labels.title,
									definition.rules && definition.rules.length > 0 ? (
										<select
											className="abacus-advanced-filters__rule"
											aria-label={
												definition.labels.rule ||
												sprintf(
													/* translators: %s: filter name */
													__('%s filter match', 'abacus'),
													plainTitle(definition.labels.title),
												)
											}
											value={line.rule}
											onChange={(event) =>
												updateLine(line.instance, {
													rule: event.target.value,
													value: collapseValue(
														line.value,
														event.target.value,
													),
												})
											}
										>
											{definition.rules.map((rule) => (
												<option key={rule.value} value={rule.value}>
													{rule.label}
												</option>
											))}
										</select>
									) : null,
									<span className="abacus-advanced-filters__input">
										<FilterInput
											key={`${line.instance}-${line.rule === 'between' ? 'range' : 'one'}`}
											definition={definition}
											rule={line.rule}
											value={line.value}
											currency={currency}
											dateFormat={dateFormat}
											onChange={(value) =>
												updateLine(line.instance, { value })
											}
										/>
									</span>,
								)}
								<Button
									className="abacus-advanced-filters__remove"
									variant="tertiary"
									label={definition.labels.remove}
									onClick={() => removeLine(line)}
								>
									×
								</Button>
							</li>
						);
					})}
				</ul>
			)}
			{available.length > 0 && (
				<Dropdown
					className="abacus-advanced-filters__add"
					popoverProps={{ placement: 'bottom-start' }}
					renderToggle={({ isOpen, onToggle }) => (
						<Button variant="secondary" aria-expanded={isOpen} onClick={onToggle}>
							{__('Add a Filter', 'abacus')}
						</Button>
					)}
					renderContent={({ onClose }) => (
						<MenuGroup label={__('Filters', 'abacus')}>
							{available.map(([key, definition]) => (
								<MenuItem
									key={key}
									onClick={() => {
										onClose();
										addFilter(key);
									}}
								>
									{definition.labels.add}
								</MenuItem>
							))}
						</MenuGroup>
					)}
				/>
			)}
			<div className="abacus-advanced-filters__controls">
				<Button variant="primary" disabled={isFilterDisabled} onClick={applyFilters}>
					{__('Filter', 'abacus')}
				</Button>
				{lines.length > 0 && (
					<Button variant="link" onClick={clearAll}>
						{__('Clear all filters', 'abacus')}
					</Button>
				)}
			</div>
		</section>
	);
}
