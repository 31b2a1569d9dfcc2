/**
 * The reports only the Abacus engine computes (profit, payment and shipping methods, order origin,
 * places, when orders come, cohorts, lifetime value): inside WordPress with WooCommerce's own
 * analytics (no Abacus engine connected, or WooCommerce's figures chosen for the session) they ask
 * WordPress for nothing and say that they need the engine, and how to connect it (the steps name
 * WordPress's "Abacus" menu: this notice only shows inside wp-admin).
 */
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { getNewPath } from '@abacus/navigation';

import './style.scss';

export { usesWooCommerce, useUsesWooCommerce } from './index.js';

export function NeedsAbacusEngine({ title, why }: { title: string; why: string }) {
	return (
		<section className="abacus-needs-engine" aria-label={title}>
			<h2>{title}</h2>
			<p>{why}</p>
			<ol>
				<li>
					{__(
						'Start the Abacus engine beside your store and connect the store to it (see the engine’s README):',
						'abacus',
					)}{' '}
					<code>{__('npm run connect -- --store <your store address>', 'abacus')}</code>
				</li>
				<li>
					{__(
						'In Abacus › Settings, under Analytics engine, choose the Abacus engine, enter its address and shared secret, use Test connection, then save.',
						'abacus',
					)}
				</li>
				<li>{__('Come back to this page once the first sync has finished.', 'abacus')}</li>
			</ol>
			<Button variant="primary" href={getNewPath({}, '/analytics/settings', {}, 'abacus')}>
				{__('Open Analytics settings', 'abacus')}
			</Button>
		</section>
	);
}
