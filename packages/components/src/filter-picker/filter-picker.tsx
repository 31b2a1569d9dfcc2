import { Button, Dropdown } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { chevronLeft } from '@wordpress/icons';
import clsx from 'clsx';
import { useEffect, useId, useState } from 'react';
import { getPersistedQuery, updateQueryString } from '@abacus/navigation';

import { AnimationSlider } from '../animation-slider/index.js';
import { DropdownButton } from '../dropdown-button/index.js';
import { isSearchType, Search } from '../search/index.js';
import type { FilterPickerConfig, FilterPickerFilter, FilterPickerProps } from './types.js';
import './style.scss';

/** The deepest entry with `value` in the tree, with its ancestors (outermost first). */
export function findFilter(
	filters: FilterPickerFilter[],
	value: string,
	parents: FilterPickerFilter[] = [],
): { filter: FilterPickerFilter; parents: FilterPickerFilter[] } | null {
	for (const filter of filters) {
		// A nested entry with the same value (e.g. the inline search of a parent) wins.
		if (filter.subFilters) {
			const found = findFilter(filter.subFilters, value, [...parents, filter]);
			if (found) return found;
		}
		if (filter.value === value) return { filter, parents };
	}
	return null;
}

/** The query value selected for a config (its default when absent). */
export function getSelectedValue(config: FilterPickerConfig, query: Record<string, unknown>) {
	const value = query[config.param];
	return typeof value === 'string' && value ? value : (config.defaultValue ?? 'all');
}

/**
 * The query update of picking `filter`: `{[param]: value}` (undefined for the default), keeping
 * the persisted date params and the config's static params, dropping everything else.
 */
export function getFilterUpdate(
	config: FilterPickerConfig,
	filter: FilterPickerFilter,
	query: Record<string, unknown>,
	pickedId?: string,
): Record<string, string | undefined> {
	const update: Record<string, string | undefined> = {};
	for (const [key, value] of Object.entries(
		getPersistedQuery(query as Parameters<typeof getPersistedQuery>[0]),
	)) {
		if (typeof value === 'string') update[key] = value;
	}
	for (const key of config.staticParams) {
		const value = query[key];
		if (typeof value === 'string') update[key] = value;
	}
	update[config.param] =
		filter.value === (config.defaultValue ?? 'all') ? undefined : filter.value;
	if (pickedId !== undefined && filter.settings?.param) {
		update[filter.settings.param] = pickedId;
	}
	return update;
}

function Menu({
	config,
	selected,
	onSelect,
}: {
	config: FilterPickerConfig;
	selected: string;
	onSelect: (filter: FilterPickerFilter, pickedId?: string) => void;
}) {
	const initialParents = findFilter(config.filters, selected)?.parents ?? [];
	const [parents, setParents] = useState<FilterPickerFilter[]>(initialParents);
	const [animate, setAnimate] = useState<'left' | 'right' | null>(null);
	const parent = parents[parents.length - 1];
	const items = parent?.subFilters ?? config.filters;

	return (
		<AnimationSlider animationKey={parent?.value ?? ''} animate={animate}>
			{(status) => (
				<ul className={clsx('abacus-filter-picker__list', status)}>
					{parent && (
						<li>
							<Button
								className="abacus-filter-picker__back"
								icon={chevronLeft}
								onClick={() => {
									setAnimate('right');
									setParents(parents.slice(0, -1));
								}}
							>
								{parent.label}
							</Button>
						</li>
					)}
					{items.map((filter) =>
						filter.component === 'Search' &&
						filter.settings &&
						isSearchType(filter.settings.type) ? (
							<li key={filter.value} className="abacus-filter-picker__search">
								<Search
									type={filter.settings.type}
									multiple={false}
									// Results in the flow of the menu: a floating list would be
									// clipped by the sliding panel (a click then lands behind it).
									staticResults
									placeholder={filter.label}
									onChange={(picked) => {
										if (picked[0]) onSelect(filter, picked[0].key);
									}}
								/>
							</li>
						) : (
							<li key={filter.value}>
								<Button
									className={clsx('abacus-filter-picker__item', {
										'is-selected': filter.value === selected,
									})}
									aria-current={filter.value === selected ? true : undefined}
									aria-haspopup={filter.subFilters ? 'menu' : undefined}
									onClick={() => {
										if (filter.subFilters?.length) {
											setAnimate('left');
											setParents([...parents, filter]);
											return;
										}
										onSelect(filter);
									}}
								>
									{filter.label}
								</Button>
							</li>
						),
					)}
				</ul>
			)}
		</AnimationSlider>
	);
}

/**
 * A report filter dropdown: entries, nested sub-menus with a back button. Picking an entry
 * navigates to the report with `{[param]: value}` plus the persisted and static params.
 */
export function FilterPicker({
	config,
	path,
	query = {},
	onFilterSelect = () => {},
	className,
}: FilterPickerProps) {
	const labelId = useId();
	const selected = getSelectedValue(config, query);
	const found = findFilter(config.filters, selected);
	const [pickedLabel, setPickedLabel] = useState<string | null>(null);
	const settings = found?.filter.component === 'Search' ? found.filter.settings : undefined;
	const pickedIds = settings ? query[settings.param] : undefined;
	useEffect(() => {
		setPickedLabel(null);
		if (!settings?.getLabels || typeof pickedIds !== 'string' || !pickedIds) return undefined;
		let live = true;
		settings.getLabels(pickedIds, query).then(
			(items) => {
				if (live && items[0]) setPickedLabel(items[0].label);
			},
			() => {},
		);
		return () => {
			live = false;
		};
		// Reload only when the picked ids or the lookup change.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [pickedIds, settings?.getLabels]);
	const searchParent = settings ? found?.parents[found.parents.length - 1] : undefined;
	const buttonLabel =
		pickedLabel ??
		searchParent?.label ??
		(found ? found.filter.label : (config.filters[0]?.label ?? ''));

	return (
		<div className={clsx('abacus-filter-picker', className)}>
			{config.label && (
				<span id={labelId} className="abacus-filter-picker__label">
					{config.label}:
				</span>
			)}
			<Dropdown
				className="abacus-filter-picker__dropdown"
				contentClassName="abacus-filter-picker__popover"
				popoverProps={{ placement: 'bottom' }}
				renderToggle={({ isOpen, onToggle }) => (
					<DropdownButton
						aria-describedby={config.label ? labelId : undefined}
						labels={[buttonLabel]}
						isOpen={isOpen}
						onClick={onToggle}
					/>
				)}
				renderContent={({ onClose }) => (
					<nav aria-label={config.label || __('Filter', 'abacus')}>
						<Menu
							config={config}
							selected={selected}
							onSelect={(filter, pickedId) => {
								const update = getFilterUpdate(config, filter, query, pickedId);
								updateQueryString(update, path, {});
								onFilterSelect(update);
								onClose();
							}}
						/>
					</nav>
				)}
			/>
		</div>
	);
}
