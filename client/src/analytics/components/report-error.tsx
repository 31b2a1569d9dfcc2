/**
 * The error state of a report section: what failed and a Retry button that asks again.
 */
import { Button, Notice } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { itemsStore, reportsStore } from '@abacus/data';

interface Props {
	/** What could not be loaded, e.g. "The summary numbers". */
	title: string;
	message?: string;
}

export function ReportError({ title, message }: Props) {
	// Report sections read the reports store, leaderboards and item lists the items store.
	const reports = useDispatch(reportsStore);
	const items = useDispatch(itemsStore);
	const retry = () => {
		void reports.invalidateResolutionForStore();
		void items.invalidateResolutionForStore();
	};
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
				<Button variant="secondary" onClick={retry}>
					{__('Retry', 'abacus')}
				</Button>
			</Notice>
		</div>
	);
}
