/**
 * Shown for an address the app does not know: says so and links to the Overview.
 */
import { __, sprintf } from '@wordpress/i18n';
import { EmptyContent } from '@abacus/components';
import { getNewPath } from '@abacus/navigation';

export function NotFound({ path }: { path: string }) {
	return (
		<EmptyContent
			title={__('Page not found', 'abacus')}
			message={sprintf(
				/* translators: %s: the path that was asked for */
				__(
					'There is no Analytics page at “%s”. Pick a report from the menu, or go to the Overview.',
					'abacus',
				),
				path,
			)}
			actionLabel={__('Go to the Overview', 'abacus')}
			actionURL={getNewPath({}, '/analytics/overview', {}, 'abacus')}
		/>
	);
}
