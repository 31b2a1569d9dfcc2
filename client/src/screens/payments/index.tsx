import { Button, Card, CardBody, CardHeader, Notice, ToggleControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { addQueryArgs } from '@wordpress/url';
import { __, sprintf } from '@wordpress/i18n';

import { DynamicForm, Plugins } from '@abacus/components';
import type { DynamicField, FormValues } from '@abacus/components';
import {
	fetchWithHeaders,
	optionsStore,
	paymentGatewaysStore,
	pluginsStore,
	selectRequestState,
	toWPError,
} from '@abacus/data';
import type { PaymentGateway, Plugin } from '@abacus/data';
import { getAdminLink } from '@abacus/settings';

import { LoadError, WriteError, errorMessage } from '../../base/load-error.js';
import { useInstallAndActivate } from '../shared/install-plugins.js';
import { Loading } from '../../base/loading.js';
import '../shared/style.scss';

/**
 * The store option holding the recommended payment plugins answered with 'Not now' (their slugs),
 * read and written through `wc-admin/options` so a reload, another browser or another admin sees it.
 */
export const NOT_NOW_OPTION = 'abacus_payments_not_now';

function slugList(value: unknown): string[] {
	let list = value;
	if (typeof value === 'string') {
		try {
			list = JSON.parse(value) as unknown;
		} catch {
			list = [];
		}
	}
	return Array.isArray(list) ? list.filter((item) => typeof item === 'string') : [];
}

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
					<h3 className="abacus-helper__card-title">{title}</h3>
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
				<CardBody className="abacus-helper__fields">
					{gateway.method_description ? (
						<p className="abacus-helper__muted">
							{String(gateway.method_description).replace(/<[^>]*>/g, '')}
						</p>
					) : null}
					{gateway.needs_setup ? (
						<p>
							{String(
								gateway.setup_help_text ||
									__(
										'This payment method needs setting up under Manage.',
										'abacus',
									),
							)}
						</p>
					) : null}
					<WriteError message={error} onRemove={() => setError(null)} />
					{savedMessage ? (
						<Notice status="success" onRemove={() => setSavedMessage(null)}>
							{savedMessage}
						</Notice>
					) : null}
					<div>
						<Button
							variant="secondary"
							aria-expanded={isOpen}
							onClick={() => setOpen(!isOpen)}
						>
							{__('Manage', 'abacus')}
						</Button>
					</div>
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

function RecommendedPlugin({
	plugin,
	onSkip,
	onInstalled,
}: {
	plugin: Plugin;
	onSkip: () => void;
	onInstalled: () => void;
}) {
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
	// Once the plugin turns active here, its gateways join the payment methods: read them again.
	const wasActive = useRef(state === 'activated');
	useEffect(() => {
		if (state === 'activated' && !wasActive.current) onInstalled();
		wasActive.current = state === 'activated';
	}, [state, onInstalled]);
	return (
		<li>
			<Card>
				<CardHeader>
					<h3 className="abacus-helper__card-title">{plugin.title}</h3>
				</CardHeader>
				<CardBody className="abacus-helper__fields">
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

/** How the browser leaves for the connection page (a seam for the tests). */
export const leavePage = {
	assign(url: string): void {
		window.location.assign(url);
	},
};

/**
 * Asks the server for the site-connection page and sends the browser there; when the server
 * refuses, says what failed (the server's words: what is missing and what to do) and stays.
 */
function ConnectProvider({ hasFailed }: { hasFailed: boolean }) {
	const [isConnecting, setConnecting] = useState(false);
	const [error, setError] = useState<string | null>(null);
	const shown =
		error ??
		(hasFailed
			? __(
					'Your store could not be connected: the connection page reported a failure and sent you back. Choose Connect to try again.',
					'abacus',
				)
			: null);

	async function connect() {
		setConnecting(true);
		setError(null);
		try {
			const { data } = await fetchWithHeaders<{ connectAction?: string }>({
				path: addQueryArgs('wc-admin/plugins/connect-jetpack', {
					redirect_url: getAdminLink('admin.php?page=abacus'),
				}),
			});
			const url = data?.connectAction;
			if (!url) {
				setError(
					__(
						'Your store could not be connected: the server answered without a connection address. Choose Connect to try again.',
						'abacus',
					),
				);
				return;
			}
			leavePage.assign(url);
		} catch (caught) {
			const failure = toWPError(caught);
			setError(
				sprintf(
					/* translators: %s: the server's explanation */
					__('Your store could not be connected: %s', 'abacus'),
					failure.message ||
						__(
							'the server did not answer. Check your connection and choose Connect again.',
							'abacus',
						),
				),
			);
		} finally {
			setConnecting(false);
		}
	}

	return (
		<Card className="abacus-payments__connect">
			<CardHeader>
				<h2 className="abacus-helper__card-title">{__('Connect your store', 'abacus')}</h2>
			</CardHeader>
			<CardBody className="abacus-helper__fields">
				<p className="abacus-helper__muted">
					{__(
						'Payment providers that need an account link to your store through its site connection.',
						'abacus',
					)}
				</p>
				{shown ? (
					<Notice status="error" isDismissible={false}>
						{shown}
					</Notice>
				) : null}
				<div>
					<Button
						variant="primary"
						isBusy={isConnecting}
						disabled={isConnecting}
						onClick={() => void connect()}
					>
						{__('Connect', 'abacus')}
					</Button>
				</div>
			</CardBody>
		</Card>
	);
}

/** Payments: gateways with enable/disable and settings, recommended plugins, provider connection. */
export default function Payments({ query }: { query?: Record<string, unknown> }) {
	// The gateways listed stay on screen while they are read again (a plugin brought a gateway).
	const gateways = useSelect((select) => {
		const store = select(paymentGatewaysStore);
		return selectRequestState(
			store,
			'getPaymentGateways',
			[],
			store.getPaymentGateways,
			() => store.getPaymentGatewayError('getPaymentGateways'),
			{ hasData: (list) => list.length > 0 },
		);
	}, []);
	const recommended = useSelect(
		(select) => select(pluginsStore).getRecommendedPlugins('payments'),
		[],
	);
	const { invalidateResolution } = useDispatch(paymentGatewaysStore);
	const notNowState = useSelect((select) => {
		const options = select(optionsStore);
		return selectRequestState(
			options,
			'getOption',
			[NOT_NOW_OPTION],
			options.getOption,
			options.getOptionsRequestingError,
			// A choice saved since a failed read still counts; a failed read counts as read.
			{ hasData: (value) => value !== undefined, retryHidesError: true },
		);
	}, []);
	const { updateOptions } = useDispatch(optionsStore);
	const [skipError, setSkipError] = useState<string | null>(null);
	const skipped = slugList(notNowState.data);
	// Until the stored answers are read, no recommendation shows (none flashes in and out).
	const hasReadNotNow =
		notNowState.status === 'error' ||
		(notNowState.status === 'success' && !notNowState.isStale);
	const shown = hasReadNotNow
		? (recommended ?? []).filter((plugin) => !skipped.includes(plugin.slug))
		: [];

	async function notNow(slug: string) {
		setSkipError(null);
		const result = (await updateOptions({
			[NOT_NOW_OPTION]: [...skipped.filter((item) => item !== slug), slug],
		})) as { success: boolean; message?: string };
		if (!result?.success) {
			setSkipError(
				sprintf(
					/* translators: %s: the server's message */
					__('Your choice could not be saved: %s', 'abacus'),
					result?.message || __('the server did not answer.', 'abacus'),
				),
			);
		}
	}

	if (gateways.status === 'error') {
		return (
			<LoadError
				title={__('The payment methods could not be loaded.', 'abacus')}
				error={gateways.error}
				onRetry={() => invalidateResolution('getPaymentGateways', [])}
			/>
		);
	}
	if (gateways.status !== 'success') {
		return <Loading label={__('Loading payment methods…', 'abacus')} />;
	}
	return (
		<div className="abacus-helper abacus-payments">
			<section className="abacus-helper">
				<h2 className="abacus-helper__card-title">{__('Payment methods', 'abacus')}</h2>
				<ul className="abacus-helper__cards abacus-payments__gateways">
					{gateways.data.map((gateway) => (
						<GatewayCard key={gateway.id} gateway={gateway} />
					))}
				</ul>
			</section>
			<WriteError message={skipError} onRemove={() => setSkipError(null)} />
			{shown.length ? (
				<section className="abacus-helper">
					<h2 className="abacus-helper__card-title">
						{__('Recommended payment providers', 'abacus')}
					</h2>
					<ul className="abacus-helper__cards">
						{shown.map((plugin) => (
							<RecommendedPlugin
								key={plugin.slug}
								plugin={plugin}
								onSkip={() => void notNow(plugin.slug)}
								onInstalled={() => invalidateResolution('getPaymentGateways', [])}
							/>
						))}
					</ul>
				</section>
			) : null}
			<ConnectProvider hasFailed={query?.connection === 'failed'} />
		</div>
	);
}
