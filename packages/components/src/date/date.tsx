import { format } from '@wordpress/date';

export interface DateProps {
	/** The date: a string moment or the date functions understand, or a Date. Required. */
	date: string | Date;
	/** PHP-style format of the `dateTime` attribute. Default 'Y-m-d H:i:s'. */
	machineFormat?: string;
	/** PHP-style format read by screen readers. Default 'F j, Y'. */
	screenReaderFormat?: string;
	/** PHP-style format shown. Default 'Y-m-d'. */
	visibleFormat?: string;
}

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
