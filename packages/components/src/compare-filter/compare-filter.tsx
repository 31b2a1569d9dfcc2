import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useCallback, useEffect, useRef, useState } from 'react';
import { updateQueryString } from '@abacus/navigation';

import { Card } from '../card/index.js';
import { Search } from '../search/index.js';
import type { SelectedOption } from '../select-control/index.js';
import { CompareButton } from './compare-button.js';
import type { CompareFilterProps } from './types.js';
import './style.scss';

/**
 * The comparison card: pick items with a Search, then Compare writes their ids to `param` as a
 * comma-separated list; Clear all empties the picks and removes the param.
 */
export function CompareFilter({
	getLabels,
	labels = {},
	param,
	path,
	query = {},
	type,
	autocompleter,
	fetcher,
}: CompareFilterProps) {
	const ids = typeof query[param] === 'string' ? (query[param] as string) : '';
	const [selected, setSelected] = useState<SelectedOption[]>([]);
	const [failed, setFailed] = useState(false);
	const request = useRef(0);
	const previousParam = useRef(param);

	const loadLabels = useCallback(() => {
		const current = ++request.current;
		setFailed(false);
		if (!ids) {
			setSelected([]);
			return;
		}
		getLabels(ids, query).then(
			(items) => {
				if (current !== request.current) return;
				setSelected(items.map((item) => ({ key: String(item.key), label: item.label })));
			},
			() => {
				if (current === request.current) setFailed(true);
			},
		);
		// The labels depend on the ids only; a new query object alone does not reload them.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ids, getLabels]);

	useEffect(() => {
		if (previousParam.current !== param) {
			previousParam.current = param;
			setSelected([]);
		}
		loadLabels();
	}, [param, loadLabels]);

	const onCompare = () => {
		updateQueryString(
			{ [param]: selected.map((item) => item.key).join(',') },
			path,
			query as Record<string, string>,
		);
	};

	const onClear = () => {
		setSelected([]);
		updateQueryString({ [param]: undefined }, path, query as Record<string, string>);
	};

	return (
		<Card className="abacus-compare-filter" title={labels.title ?? __('Compare', 'abacus')}>
			<div className="abacus-compare-filter__body">
				<Search
					type={type}
					autocompleter={autocompleter}
					fetcher={fetcher}
					selected={selected}
					onChange={setSelected}
					placeholder={labels.placeholder ?? __('Search for items to compare', 'abacus')}
				/>
				{failed && (
					<div className="abacus-compare-filter__error" role="alert">
						{__('The compared items could not be loaded.', 'abacus')}{' '}
						<Button variant="link" onClick={loadLabels}>
							{__('Retry', 'abacus')}
						</Button>
					</div>
				)}
			</div>
			<div className="abacus-compare-filter__footer">
				<CompareButton
					count={selected.length}
					helpText={
						labels.helpText ?? __('Select at least two items to compare', 'abacus')
					}
					onClick={onCompare}
				>
					{labels.update ?? __('Compare', 'abacus')}
				</CompareButton>
				{selected.length > 0 && (
					<Button variant="link" onClick={onClear}>
						{__('Clear all', 'abacus')}
					</Button>
				)}
			</div>
		</Card>
	);
}
