/**
 * The error state of a report section: what failed and a Retry button that asks again. While the
 * Abacus engine has failed, a quiet line instead: the engine banner says why and retries all.
 */
import { Button, Notice } from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { itemsStore, reportsStore } from '@abacus/data';

import { useEngineFailed } from '../../engine/index.js';
import { EngineWaiting } from '../../engine/notice.js';

interface Props {
	/** What could not be loaded, e.g. "The summary numbers". */
	title: string;
	message?: string;
}

export function ReportError({ title, message }: Props) {
	// Report sections read the reports store, leaderboards and item lists the items store.
	const reports = useDispatch(reportsStore);
	const items = useDispatch(itemsStore);
	const engineFailed = useEngineFailed();
	if (engineFailed) return <EngineWaiting />;
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
