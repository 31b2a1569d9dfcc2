import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

import './style.scss';

export interface DropdownButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
	/** Lines of the button's label (e.g. a date range and its comparison). Required. */
	labels: string[];
	/** Whether the dropdown it opens is open. Default false. */
	isOpen?: boolean;
}

/** A button that opens a dropdown, showing one or more lines of label and its open state. */
export function DropdownButton({
	labels,
	isOpen = false,
	className,
	...props
}: DropdownButtonProps) {
	return (
		<button
			type="button"
			{...props}
			className={clsx('abacus-dropdown-button', className, {
				'is-open': isOpen,
				'is-multi-line': labels.length > 1,
			})}
			aria-expanded={isOpen}
		>
			<span className="abacus-dropdown-button__labels">
				{labels.map((label, i) => (
					<span key={i}>{label}</span>
				))}
			</span>
			<span className="abacus-dropdown-button__chevron" aria-hidden="true" />
		</button>
	);
}
