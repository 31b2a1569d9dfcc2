import { Button, Card, CardBody, CardHeader, Notice, ToggleControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { DynamicForm, Plugins } from '@abacus/components';
import type { DynamicField, FormValues } from '@abacus/components';
import { paymentGatewaysStore, pluginsStore } from '@abacus/data';
import type { PaymentGateway, Plugin } from '@abacus/data';
import { getAdminLink } from '@abacus/settings';

import { LoadError, errorMessage } from '../shared/load-error.js';
import { useInstallAndActivate } from '../shared/install-plugins.js';
import { Loading } from '../shared/loading.js';

const FIELD_TYPES = ['text', 'password', 'checkbox', 'select'] as const;

/** The gateway's settings as form fields (unknown types edit as text). */
export function gatewayFields(gateway: PaymentGateway): DynamicField[] {
	return Object.values(gateway.settings ?? {}).map((setting) => {
		const type = (FIELD_TYPES as readonly string[]).includes(setting.type ?? '')
			? (setting.type as DynamicField['type'])
			: 'text';
		const value = setting.value;
		return {
			id: setting.id,
			type,
			label: setting.label,
			description: setting.description,
			tip: setting.tip,
			placeholder: setting.placeholder,
			default: typeof setting.default === 'string' ? setting.default : undefined,
			options: setting.options as Record<string, string> | undefined,
			value:
				typeof value === 'boolean'
					? value
					: value === undefined
						? undefined
						: String(value),
		};
	});
}

/** Form values as gateway settings: checkboxes become 'yes' / 'no'. */
function toSettings(values: FormValues): Record<string, string> {
	const settings: Record<string, string> = {};
	for (const [id, value] of Object.entries(values)) {
		settings[id] = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value ?? '');
	}
	return settings;
}

function GatewayCard({ gateway }: { gateway: PaymentGateway }) {
	const { updatePaymentGateway } = useDispatch(paymentGatewaysStore);
	const isUpdating = useSelect(
		(select) => select(paymentGatewaysStore).isPaymentGatewayUpdating(),
		[],
	);
	const [isOpen, setOpen] = useState(false);
	const [error, setError] = useState<string | null>(null);
	const [savedMessage, setSavedMessage] = useState<string | null>(null);
	const title = gateway.title || gateway.method_title || gateway.id;

	async function save(data: Partial<PaymentGateway>, done: string) {
		setError(null);
		setSavedMessage(null);
		try {
			await updatePaymentGateway(gateway.id, data);
			setSavedMessage(done);
		} catch (caught) {
			setError(errorMessage(caught));
		}
	}

	return (
		<li>
			<Card>
				<CardHeader>
					<h3>{title}</h3>
					<ToggleControl
						__nextHasNoMarginBottom
						label={sprintf(
							/* translators: %s: payment method name */
							__('Enable %s', 'abacus'),
							title,
						)}
						checked={Boolean(gateway.enabled)}
						disabled={isUpdating}
						onChange={(enabled) =>
							save(
								{ enabled },
								enabled ? __('Enabled.', 'abacus') : __('Disabled.', 'abacus'),
							)
						}
					/>
				</CardHeader>
				<CardBody>
					{gateway.method_description ? (
						<p>{String(gateway.method_description).replace(/<[^>]*>/g, '')}</p>
					) : null}
					{error ? (
						<Notice status="error" onRemove={() => setError(null)}>
							{error}
						</Notice>
					) : null}
					{savedMessage ? (
						<Notice status="success" onRemove={() => setSavedMessage(null)}>
							{savedMessage}
						</Notice>
					) : null}
					<Button
						variant="secondary"
						aria-expanded={isOpen}
						onClick={() => setOpen(!isOpen)}
					>
						{__('Manage', 'abacus')}
					</Button>
					{isOpen ? (
						<DynamicForm
							fields={gatewayFields(gateway)}
							isBusy={isUpdating}
							submitLabel={__('Save', 'abacus')}
							onSubmit={(values) =>
								save(
									{
										settings: toSettings(values),
									} as unknown as Partial<PaymentGateway>,
									__('Settings saved.', 'abacus'),
								)
							}
						/>
					) : null}
				</CardBody>
			</Card>
		</li>
	);
}

function RecommendedPlugin({ plugin, onSkip }: { plugin: Plugin; onSkip: () => void }) {
	const installAndActivate = useInstallAndActivate();
	const state = useSelect(
		(select) => {
			const store = select(pluginsStore);
			store.getActivePlugins();
			store.getInstalledPlugins();
			return store.getPluginInstallState(plugin.slug);
		},
		[plugin.slug],
	);
	const [done, setDone] = useState(false);
	return (
		<li>
			<Card>
				<CardBody>
					<h3>{plugin.title}</h3>
					<p>{plugin.copy}</p>
					{state === 'activated' || done ? (
						<p>{__('Installed and active.', 'abacus')}</p>
					) : (
						<Plugins
							pluginSlugs={[plugin.slug]}
							installAndActivate={installAndActivate}
							onComplete={() => setDone(true)}
							onSkip={onSkip}
							skipText={__('Not now', 'abacus')}
						/>
					)}
				</CardBody>
			</Card>
		</li>
	);
}

/** The failure address of the connection flow: back to this screen, saying it failed. */
export const CONNECTION_FAILED_PATH = 'admin.php?page=abacus&path=%2Fpayments&connection=failed';

/** Sends the browser to the provider's connection page (or the failure address). */
function ConnectProvider({ hasFailed }: { hasFailed: boolean }) {
	const { connectToJetpackWithFailureRedirect } = useDispatch(pluginsStore);
	const [isConnecting, setConnecting] = useState(false);
	const [error, setError] = useState<string | null>(null);
	const shown =
		error ??
		(hasFailed
			? __('Your store could not be connected to the payment provider. Try again.', 'abacus')
			: null);
	return (
		<section className="abacus-payments__connect">
			<h2>{__('Connect your store', 'abacus')}</h2>
			{shown ? (
				<Notice status="error" isDismissible={false}>
					{shown}
				</Notice>
			) : null}
			<Button
				variant="primary"
				isBusy={isConnecting}
				disabled={isConnecting}
				onClick={async () => {
					setConnecting(true);
					setError(null);
					await connectToJetpackWithFailureRedirect(
						getAdminLink(CONNECTION_FAILED_PATH),
						setError,
						getAdminLink,
					);
					setConnecting(false);
				}}
			>
				{__('Connect', 'abacus')}
			</Button>
		</section>
	);
}

/** Payments: gateways with enable/disable and settings, recommended plugins, provider connection. */
export default function Payments({ query }: { query?: Record<string, unknown> }) {
	const { gateways, error, isResolved, recommended } = useSelect((select) => {
		const store = select(paymentGatewaysStore);
		return {
			gateways: store.getPaymentGateways(),
			error: store.getPaymentGatewayError('getPaymentGateways'),
			isResolved: store.hasFinishedResolution('getPaymentGateways', []),
			recommended: select(pluginsStore).getRecommendedPlugins('payments'),
		};
	}, []);
	const { invalidateResolution } = useDispatch(paymentGatewaysStore);
	const [skipped, setSkipped] = useState<string[]>([]);
	const shown = (recommended ?? []).filter((plugin) => !skipped.includes(plugin.slug));

	if (error) {
		return (
			<LoadError
				title={__('The payment methods could not be loaded.', 'abacus')}
				error={error}
				onRetry={() => invalidateResolution('getPaymentGateways', [])}
			/>
		);
	}
	if (!isResolved) {
		return <Loading label={__('Loading payment methods…', 'abacus')} />;
	}
	return (
		<div className="abacus-payments">
			<h1>{__('Payments', 'abacus')}</h1>
			<section>
				<h2>{__('Payment methods', 'abacus')}</h2>
				<ul className="abacus-payments__gateways">
					{gateways.map((gateway) => (
						<GatewayCard key={gateway.id} gateway={gateway} />
					))}
				</ul>
			</section>
			{shown.length ? (
				<section>
					<h2>{__('Recommended payment providers', 'abacus')}</h2>
					<ul>
						{shown.map((plugin) => (
							<RecommendedPlugin
								key={plugin.slug}
								plugin={plugin}
								onSkip={() => setSkipped([...skipped, plugin.slug])}
							/>
						))}
					</ul>
				</section>
			) : null}
			<ConnectProvider hasFailed={query?.connection === 'failed'} />
		</div>
	);
}
