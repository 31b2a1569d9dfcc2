import { format } from '@wordpress/date';
import type { DateProps } from './types.js';

/** A `<time>` with a machine-readable attribute, a visible date and a spelled-out one for screen readers. */
export function Date({
	date,
	machineFormat = 'Y-m-d H:i:s',
	screenReaderFormat = 'F j, Y',
	visibleFormat = 'Y-m-d',
}: DateProps) {
	return (
		<time dateTime={format(machineFormat, date)}>
			<span aria-hidden="true">{format(visibleFormat, date)}</span>
			<span className="screen-reader-text">{format(screenReaderFormat, date)}</span>
		</time>
	);
}
