import clsx from 'clsx';
import { useId, useState } from 'react';

import { Button, Popover } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import './style.scss';
import type { TagProps } from './types.js';

/** A chip: optional popover on its label, optional remove button. */
export function Tag({
	label,
	id,
	remove,
	popoverContents,
	screenReaderLabel,
	className,
}: TagProps) {
	const [isOpen, setIsOpen] = useState(false);
	const labelId = useId();
	const readable = screenReaderLabel ?? (typeof label === 'string' ? label : undefined);
	const text = (
		<>
			<span aria-hidden={Boolean(screenReaderLabel)}>{label}</span>
			{screenReaderLabel && <span className="screen-reader-text">{screenReaderLabel}</span>}
		</>
	);
	return (
		<span className={clsx('abacus-tag', className, { 'has-remove': Boolean(remove) })}>
			{popoverContents ? (
				<Button
					className="abacus-tag__text"
					id={labelId}
					aria-expanded={isOpen}
					onClick={() => setIsOpen(!isOpen)}
				>
					{text}
				</Button>
			) : (
				<span className="abacus-tag__text" id={labelId}>
					{text}
				</span>
			)}
			{popoverContents && isOpen && (
				<Popover onClose={() => setIsOpen(false)}>
					<div className="abacus-tag__popover">{popoverContents}</div>
				</Popover>
			)}
			{remove && (
				<Button
					className="abacus-tag__remove"
					label={
						readable
							? sprintf(
									/* translators: %s: tag label */ __('Remove %s', 'abacus'),
									readable,
								)
							: __('Remove', 'abacus')
					}
					showTooltip={false}
					onClick={remove(id)}
				>
					<span aria-hidden="true">×</span>
				</Button>
			)}
		</span>
	);
}
