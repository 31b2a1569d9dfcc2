import clsx from 'clsx';
import { Children, isValidElement, useState, type ReactElement } from 'react';

import { useViewportMatch } from '@wordpress/compose';
import { __ } from '@wordpress/i18n';

import { SummaryNumberPlaceholder } from './summary-number.js';
import type { SummaryListProps, SummaryNumberProps } from './types.js';
import './style.scss';

/**
 * A strip of summary tiles, 1 to 10 per row. Below the large breakpoint, with two or more tiles,
 * it collapses to a dropdown showing the selected tile.
 */
export function SummaryList({
	children,
	label = __('Performance Indicators', 'abacus'),
}: SummaryListProps) {
	const [isOpen, setIsOpen] = useState(false);
	const isLarge = useViewportMatch('large', '>=');
	const onToggle = () => setIsOpen((open) => !open);
	const items = Children.toArray(children({ onToggle })).filter(isValidElement) as Array<
		ReactElement<SummaryNumberProps>
	>;
	const count = items.length;
	if (count === 0) return null;
	const perRow = Math.min(Math.max(count, 1), 10);
	const isDropdown = !isLarge && count > 1;
	if (isDropdown) {
		const selected = items.find((item) => item.props.selected) ?? items[0];
		return (
			<div className="abacus-summary-list is-dropdown">
				<ul className="abacus-summary" aria-label={label}>
					{!isOpen && (
						<SelectedToggle item={selected} isOpen={isOpen} onToggle={onToggle} />
					)}
					{isOpen && items}
				</ul>
			</div>
		);
	}
	return (
		<ul
			className={clsx('abacus-summary', `has-${perRow}-items`)}
			aria-label={label}
			style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }}
		>
			{items}
		</ul>
	);
}

function SelectedToggle({
	item,
	isOpen,
	onToggle,
}: {
	item: ReactElement<SummaryNumberProps>;
	isOpen: boolean;
	onToggle: () => void;
}) {
	const { href: _href, ...props } = item.props;
	void _href;
	const Tile = item.type as (p: SummaryNumberProps) => ReactElement;
	return <Tile {...props} isOpen={isOpen} onToggle={onToggle} />;
}

/** Loading tiles. */
export function SummaryListPlaceholder({ numberOfItems }: { numberOfItems: number }) {
	const perRow = Math.min(Math.max(numberOfItems, 1), 10);
	return (
		<ul
			className="abacus-summary is-placeholder"
			aria-hidden="true"
			style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }}
		>
			{Array.from({ length: numberOfItems }, (_, i) => (
				<SummaryNumberPlaceholder key={i} />
			))}
		</ul>
	);
}
