/**
 * The error state of a report section: what failed and a Retry button that asks again.
 */
import { Button, Notice } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { reportsStore } from '@abacus/data';

interface Props {
	/** What could not be loaded, e.g. "The summary numbers". */
	title: string;
	message?: string;
}

export function ReportError({ title, message }: Props) {
	const { invalidateResolutionForStore } = useDispatch(reportsStore);
	return (
		<div className="abacus-report-error" role="alert">
			<Notice status="error" isDismissible={false}>
				<p>
					<strong>{title}</strong>
				</p>
				<p>
					{message ||
						__('The request failed. Check your connection and try again.', 'abacus')}
				</p>
				<Button variant="secondary" onClick={() => void invalidateResolutionForStore()}>
					{__('Retry', 'abacus')}
				</Button>
			</Notice>
		</div>
	);
}
