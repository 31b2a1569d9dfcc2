/**
 * Gallery sections for the filter bar components.
 */
import { useState } from 'react';

import {
	DateRangeFilterPicker,
	SearchListControl,
	SelectControl,
	type SearchListItemData,
} from '@abacus/components';
import { getCurrentDates, isoDateFormat } from '@abacus/date';

import type { GallerySection } from './types.js';

function DateRangeDemo() {
	const query = { period: 'month', compare: 'previous_year' };
	const { primary, secondary } = getCurrentDates(query);
	return (
		<DateRangeFilterPicker
			isoDateFormat={isoDateFormat}
			onRangeSelect={() => undefined}
			dateQuery={{
				period: 'month',
				compare: 'previous_year',
				before: null,
				after: null,
				primaryDate: primary,
				secondaryDate: secondary,
			}}
		/>
	);
}

const statuses = [
	{ key: 'completed', label: 'Completed' },
	{ key: 'processing', label: 'Processing' },
	{ key: 'on-hold', label: 'On hold' },
	{ key: 'refunded', label: 'Refunded' },
];

function SelectDemo() {
	const [selected, setSelected] = useState<Array<{ key: string; label: string }>>([
		{ key: 'completed', label: 'Completed' },
	]);
	return (
		<SelectControl
			label="Order status"
			multiple
			inlineTags
			isSearchable
			options={statuses}
			selected={selected}
			onChange={(value) => Array.isArray(value) && setSelected(value)}
		/>
	);
}

function SearchListDemo() {
	const [selected, setSelected] = useState<SearchListItemData[]>([]);
	return (
		<SearchListControl
			list={[
				{ id: 1, name: 'Clothing', count: 12 },
				{ id: 2, name: 'Hoodies', parent: 1, count: 4 },
				{ id: 3, name: 'Accessories', count: 7 },
			]}
			isHierarchical
			selected={selected}
			onChange={(items: SearchListItemData[]) => setSelected(items)}
		/>
	);
}

export const filterSections: GallerySection[] = [
	{ title: 'DateRangeFilterPicker', states: { 'month vs previous year': <DateRangeDemo /> } },
	{ title: 'SelectControl', states: { 'multiple with tags': <SelectDemo /> } },
	{ title: 'SearchListControl', states: { hierarchical: <SearchListDemo /> } },
];
