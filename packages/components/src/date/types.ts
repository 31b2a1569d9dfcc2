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
