import { __ } from '@wordpress/i18n';
import { useEffect, useRef } from 'react';

const SHORTCUTS: ReadonlyArray<[string, string]> = [
	['↵', __('Select the date in focus.', 'abacus')],
	['← / →', __('Move backward (left) and forward (right) by one day.', 'abacus')],
	['↑ / ↓', __('Move backward (up) and forward (down) by one week.', 'abacus')],
	['PgUp / PgDn', __('Switch months.', 'abacus')],
	['Home / End', __('Go to the first or last day of a week.', 'abacus')],
	['Esc', __('Return to the date input field.', 'abacus')],
	['?', __('Open this panel.', 'abacus')],
];

/** The calendar's keyboard shortcuts, opened by typing '?' in a date input. */
export function KeyboardShortcuts({ onClose }: { onClose: () => void }) {
	const close = useRef<HTMLButtonElement>(null);
	useEffect(() => {
		close.current?.focus();
	}, []);
	return (
		<div
			className="abacus-date-range__shortcuts"
			role="dialog"
			aria-label={__('Keyboard Shortcuts', 'abacus')}
			onKeyDown={(event) => {
				if (event.key === 'Escape') {
					event.stopPropagation();
					onClose();
				}
			}}
		>
			<h3 className="abacus-date-range__shortcuts-title">
				{__('Keyboard Shortcuts', 'abacus')}
			</h3>
			<dl className="abacus-date-range__shortcuts-list">
				{SHORTCUTS.map(([keys, action]) => (
					<div key={keys}>
						<dt>{keys}</dt>
						<dd>{action}</dd>
					</div>
				))}
			</dl>
			<button
				ref={close}
				type="button"
				className="abacus-date-range__shortcuts-close"
				onClick={onClose}
			>
				{__('Close', 'abacus')}
			</button>
		</div>
	);
}
