/**
 * What the page says when the Abacus engine serves the reports and something is wrong: the engine
 * could not be reached or refused the store's token (with Retry and "Use WooCommerce's figures"),
 * or the person chose WooCommerce's figures for this session (with a way back to the engine).
 * While the engine has failed, the report sections below the banner show EngineWaiting, a quiet
 * line without an error or a Retry of their own: one message and one Retry for one cause. While the
 * engine applies settings just saved, it says "recomputing" (EngineRecomputing).
 */
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { failureMessage } from './client.js';
import { engineClient, refreshReports, useEngineStatus } from './index.js';
import type { EngineClient } from './client.js';
import { EngineRecomputing } from './recomputing.js';
import './style.scss';

export function EngineNotice({
	client = engineClient,
	onChange = refreshReports,
}: {
	client?: EngineClient;
	/** Called after a choice, so that the reports are asked for again. */
	onChange?: () => void;
}) {
	const status = useEngineStatus(client);
	const settings = client.getSettings();
	if (!settings || status.kind === 'off') return null;
	if (status.kind === 'active') return <EngineRecomputing client={client} />;
	if (status.kind === 'fallback') {
		return (
			<div className="abacus-engine-notice is-info" role="status">
				<p>
					{__(
						"These reports show WooCommerce's figures for this browser session: the Abacus engine is not used.",
						'abacus',
					)}
				</p>
				<div className="abacus-engine-notice__actions">
					<Button
						variant="secondary"
						onClick={() => {
							client.useEngine();
							onChange();
						}}
					>
						{__('Use the Abacus engine again', 'abacus')}
					</Button>
				</div>
			</div>
		);
	}
	return (
		<div className="abacus-engine-notice is-error" role="alert">
			<p className="abacus-engine-notice__title">
				{status.reason === 'unreachable'
					? __('The Abacus engine is unreachable', 'abacus')
					: __('The Abacus engine refused this store', 'abacus')}
			</p>
			<p>{failureMessage(status.reason, settings.url, status.message)}</p>
			<div className="abacus-engine-notice__actions">
				<Button
					variant="primary"
					onClick={() => {
						client.useEngine();
						onChange();
					}}
				>
					{__('Retry', 'abacus')}
				</Button>
				<Button
					variant="secondary"
					onClick={() => {
						client.useWooCommerce();
						onChange();
					}}
				>
					{__("Use WooCommerce's figures", 'abacus')}
				</Button>
			</div>
		</div>
	);
}

/**
 * In place of a report section's error while the engine has failed: the banner above says why and
 * its Retry asks for every section again.
 */
export function EngineWaiting() {
	return (
		<p className="abacus-engine-waiting">
			{__('Shown once the Abacus engine answers (see above).', 'abacus')}
		</p>
	);
}
