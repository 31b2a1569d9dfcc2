import {
	Button,
	Card,
	CardBody,
	CheckboxControl,
	RadioControl,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { Plugins, Stepper } from '@abacus/components';
import type { Step } from '@abacus/components';
import { itemsStore, onboardingStore, selectRequestState } from '@abacus/data';
import type { ProfileItems } from '@abacus/data';
import { getAdminLink } from '@abacus/settings';

import { LoadError, WriteError, errorMessage } from '../../base/load-error.js';
import { useInstallAndActivate } from '../shared/install-plugins.js';
import { Loading } from '../../base/loading.js';
import '../shared/style.scss';
import './style.scss';

type Option = { value: string; label: string };
type StepKey = 'industry' | 'products' | 'business' | 'extensions' | 'theme' | 'product';

export interface ProfileDraft {
	industry: string[];
	product_types: string[];
	product_count: string;
	revenue: string;
	selling_venues: string;
	other_platform: string;
	other_platform_name: string;
	business_extensions: string[];
	theme: string;
}

const industries = (): Option[] => [
	{
		value: 'fashion-apparel-accessories',
		label: __('Fashion, apparel, and accessories', 'abacus'),
	},
	{ value: 'health-beauty', label: __('Health and beauty', 'abacus') },
	{ value: 'electronics-computers', label: __('Electronics and computers', 'abacus') },
	{ value: 'food-drink', label: __('Food and drink', 'abacus') },
	{ value: 'home-furniture-garden', label: __('Home, furniture, and garden', 'abacus') },
	{ value: 'education-and-learning', label: __('Education and learning', 'abacus') },
	{ value: 'other', label: __('Other', 'abacus') },
];
const productTypes = (): Option[] => [
	{ value: 'physical', label: __('Physical products', 'abacus') },
	{ value: 'downloads', label: __('Downloads', 'abacus') },
	{ value: 'subscriptions', label: __('Subscriptions', 'abacus') },
	{ value: 'memberships', label: __('Memberships', 'abacus') },
	{ value: 'bookings', label: __('Bookings', 'abacus') },
	{ value: 'product-bundles', label: __('Bundles', 'abacus') },
	{ value: 'product-add-ons', label: __('Customizable products', 'abacus') },
];
const productCounts = (): Option[] => [
	{ value: '0', label: __('I don’t have any products yet.', 'abacus') },
	{ value: '1-10', label: __('1 - 10', 'abacus') },
	{ value: '11-100', label: __('11 - 100', 'abacus') },
	{ value: '101-1000', label: __('101 - 1000', 'abacus') },
	{ value: '1000+', label: __('1000+', 'abacus') },
];
const revenues = (): Option[] => [
	{ value: 'none', label: __('$0 (I’m just getting started)', 'abacus') },
	{ value: 'up-to-2500', label: __('Up to $2,500', 'abacus') },
	{ value: '2500-10000', label: __('$2,500 - $10,000', 'abacus') },
	{ value: '10000-50000', label: __('$10,000 - $50,000', 'abacus') },
	{ value: '50000-250000', label: __('$50,000 - $250,000', 'abacus') },
	{ value: 'more-than-250000', label: __('More than $250,000', 'abacus') },
	{ value: 'rather-not-say', label: __('I’d rather not say', 'abacus') },
];
const sellingVenues = (): Option[] => [
	{ value: 'no', label: __('No', 'abacus') },
	{ value: 'other', label: __('Yes, on another platform', 'abacus') },
	{ value: 'other-woocommerce', label: __('Yes, I own a different store', 'abacus') },
	{ value: 'brick-mortar', label: __('Yes, in person at physical stores', 'abacus') },
	{
		value: 'brick-mortar-other',
		label: __('Yes, on another platform and in person at physical stores', 'abacus'),
	},
];
const platforms = (): Option[] => [
	{ value: '', label: __('Choose a platform', 'abacus') },
	{ value: 'shopify', label: __('Shopify', 'abacus') },
	{ value: 'bigcommerce', label: __('BigCommerce', 'abacus') },
	{ value: 'magento', label: __('Magento', 'abacus') },
	{ value: 'wix', label: __('Wix', 'abacus') },
	{ value: 'amazon', label: __('Amazon', 'abacus') },
	{ value: 'ebay', label: __('eBay', 'abacus') },
	{ value: 'etsy', label: __('Etsy', 'abacus') },
	{ value: 'squarespace', label: __('Squarespace', 'abacus') },
	{ value: 'other', label: __('Other', 'abacus') },
];
const extensions = (): Option[] => [
	{ value: 'jetpack', label: __('Jetpack', 'abacus') },
	{ value: 'woocommerce-payments', label: __('Payments', 'abacus') },
	{ value: 'woocommerce-services', label: __('Shipping and tax', 'abacus') },
	{ value: 'mailchimp-for-woocommerce', label: __('Mailchimp', 'abacus') },
	{ value: 'mailpoet', label: __('MailPoet', 'abacus') },
	{ value: 'facebook-for-woocommerce', label: __('Facebook', 'abacus') },
	{ value: 'google-listings-and-ads', label: __('Google Listings & Ads', 'abacus') },
];

/** The themes offered for the store (WordPress.org slugs), each with what it is good for. */
export const themes = (): Array<Option & { description: string }> => [
	{
		value: 'storefront',
		label: __('Storefront', 'abacus'),
		description: __('A clean shop theme made for WooCommerce stores.', 'abacus'),
	},
	{
		value: 'twentytwentyfive',
		label: __('Twenty Twenty-Five', 'abacus'),
		description: __(
			'The current WordPress default block theme: edit every page in the editor.',
			'abacus',
		),
	},
	{
		value: 'twentytwentyfour',
		label: __('Twenty Twenty-Four', 'abacus'),
		description: __('A flexible block theme for shops, portfolios and blogs.', 'abacus'),
	},
	{
		value: 'astra',
		label: __('Astra', 'abacus'),
		description: __('A lightweight theme with ready-made shop layouts.', 'abacus'),
	},
];

/** The theme choices: the stored theme stays offered even when it is not in the list. */
function themeChoices(stored: string): Array<Option & { description: string }> {
	const list = themes();
	if (stored && !list.some((theme) => theme.value === stored)) {
		list.unshift({
			value: stored,
			label: stored,
			description: __('The theme chosen before.', 'abacus'),
		});
	}
	return list;
}

/** The editable profile from the stored one (unset values empty). */
export function draftFromProfile(profile: Partial<ProfileItems>): ProfileDraft {
	return {
		industry: (profile.industry ?? []).map((entry) => entry.slug),
		product_types: profile.product_types ?? [],
		product_count: profile.product_count ?? '',
		revenue: profile.revenue ?? '',
		selling_venues: profile.selling_venues ?? '',
		other_platform: profile.other_platform ?? '',
		other_platform_name: profile.other_platform_name ?? '',
		business_extensions: profile.business_extensions ?? [],
		theme: profile.theme ?? '',
	};
}

/** The answered fields only: the profile endpoint refuses empty or null choices. */
export function withoutEmpty(fields: Record<string, string>): Partial<ProfileItems> {
	return Object.fromEntries(
		Object.entries(fields).filter(([, value]) => value !== ''),
	) as Partial<ProfileItems>;
}

function CheckboxGroup(props: {
	legend: string;
	options: Option[];
	value: string[];
	onChange: (value: string[]) => void;
}) {
	return (
		<fieldset className="abacus-helper__checkboxes">
			<legend>{props.legend}</legend>
			{props.options.map((option) => (
				<CheckboxControl
					key={option.value}
					__nextHasNoMarginBottom
					label={option.label}
					checked={props.value.includes(option.value)}
					onChange={(checked) =>
						props.onChange(
							checked
								? [...props.value, option.value]
								: props.value.filter((value) => value !== option.value),
						)
					}
				/>
			))}
		</fieldset>
	);
}

const STEP_KEYS: StepKey[] = ['industry', 'products', 'business', 'extensions', 'theme', 'product'];

/** Onboarding: the store profile as steps, each saved through the profile endpoint. */
export default function Onboarding() {
	const profile = useSelect((select) => {
		const store = select(onboardingStore);
		return selectRequestState(store, 'getProfileItems', [], store.getProfileItems, () =>
			store.getOnboardingError('getProfileItems'),
		);
	}, []);
	const { updateProfileItems, invalidateResolution } = useDispatch(onboardingStore);
	const installAndActivate = useInstallAndActivate();
	const { createProductFromTemplate } = useDispatch(itemsStore);
	const [draft, setDraft] = useState<ProfileDraft | null>(null);
	const [step, setStep] = useState<StepKey>('industry');
	const [done, setDone] = useState<StepKey[]>([]);
	const [saving, setSaving] = useState(false);
	const [saveError, setSaveError] = useState<string | null>(null);
	const [installing, setInstalling] = useState(false);
	const [template, setTemplate] = useState('physical');
	const [product, setProduct] = useState<{ id: number } | null>(null);

	useEffect(() => {
		if (profile.status === 'success' && draft === null) {
			setDraft(draftFromProfile(profile.data));
		}
	}, [profile, draft]);

	if (profile.status === 'error' && draft === null) {
		return (
			<LoadError
				title={__('The store profile could not be loaded.', 'abacus')}
				error={profile.error}
				onRetry={() => invalidateResolution('getProfileItems', [])}
			/>
		);
	}
	if (draft === null || profile.status === 'idle' || profile.status === 'resolving') {
		return <Loading label={__('Loading the store profile…', 'abacus')} />;
	}
	const current = draft;
	const update = (fields: Partial<ProfileDraft>) => setDraft({ ...current, ...fields });

	function next(key: StepKey) {
		setDone((keys) => (keys.includes(key) ? keys : [...keys, key]));
		const index = STEP_KEYS.indexOf(key);
		setStep(STEP_KEYS[Math.min(index + 1, STEP_KEYS.length - 1)]);
	}

	async function saveStep(key: StepKey, items: Partial<ProfileItems>) {
		setSaving(true);
		setSaveError(null);
		try {
			await updateProfileItems(items);
			if (key === 'extensions' && current.business_extensions.length) {
				setInstalling(true);
			} else {
				next(key);
			}
		} catch (caught) {
			setSaveError(errorMessage(caught));
		} finally {
			setSaving(false);
		}
	}

	async function createProduct() {
		setSaving(true);
		setSaveError(null);
		try {
			const created = await createProductFromTemplate(
				{ template_name: template },
				{ _fields: ['id'] },
			);
			setProduct({ id: created.id });
			await updateProfileItems({ completed: true });
			setDone((keys) => [...keys, 'product']);
		} catch (caught) {
			setSaveError(errorMessage(caught));
		} finally {
			setSaving(false);
		}
	}

	const continueButton = (key: StepKey, items: Partial<ProfileItems>) => (
		<Button
			variant="primary"
			isBusy={saving}
			disabled={saving}
			onClick={() => void saveStep(key, items)}
		>
			{__('Continue', 'abacus')}
		</Button>
	);

	const steps: Step[] = [
		{
			key: 'industry',
			label: __('Industry', 'abacus'),
			content: (
				<>
					<CheckboxGroup
						legend={__('In which industry does the store operate?', 'abacus')}
						options={industries()}
						value={current.industry}
						onChange={(industry) => update({ industry })}
					/>
					{continueButton('industry', {
						industry: current.industry.map((slug) => ({ slug })),
					})}
				</>
			),
		},
		{
			key: 'products',
			label: __('Product types', 'abacus'),
			content: (
				<>
					<CheckboxGroup
						legend={__('What type of products will be listed?', 'abacus')}
						options={productTypes()}
						value={current.product_types}
						onChange={(types) => update({ product_types: types })}
					/>
					{continueButton('products', { product_types: current.product_types })}
				</>
			),
		},
		{
			key: 'business',
			label: __('Business details', 'abacus'),
			content: (
				<>
					<RadioControl
						label={__('How many products do you plan to display?', 'abacus')}
						selected={current.product_count}
						options={productCounts()}
						onChange={(value) => update({ product_count: value })}
					/>
					<RadioControl
						label={__('Currently selling elsewhere?', 'abacus')}
						selected={current.selling_venues}
						options={sellingVenues()}
						onChange={(value) => update({ selling_venues: value })}
					/>
					{current.selling_venues && current.selling_venues !== 'no' ? (
						<SelectControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={__('Which platform is the store using?', 'abacus')}
							value={current.other_platform}
							options={platforms()}
							onChange={(value) => update({ other_platform: value })}
						/>
					) : null}
					{current.other_platform === 'other' ? (
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={__('What is the platform name?', 'abacus')}
							value={current.other_platform_name}
							onChange={(value) => update({ other_platform_name: value })}
						/>
					) : null}
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={__('Current annual revenue', 'abacus')}
						value={current.revenue}
						options={[
							{ value: '', label: __('Choose an amount', 'abacus') },
							...revenues(),
						]}
						onChange={(value) => update({ revenue: value })}
					/>
					{continueButton(
						'business',
						withoutEmpty({
							product_count: current.product_count,
							selling_venues: current.selling_venues,
							revenue: current.revenue,
							other_platform: current.other_platform,
							other_platform_name: current.other_platform_name,
						}),
					)}
				</>
			),
		},
		{
			key: 'extensions',
			label: __('Business extensions', 'abacus'),
			content: installing ? (
				<Plugins
					pluginSlugs={current.business_extensions}
					installAndActivate={installAndActivate}
					onComplete={() => {
						setInstalling(false);
						next('extensions');
					}}
					onSkip={() => {
						setInstalling(false);
						next('extensions');
					}}
				/>
			) : (
				<>
					<CheckboxGroup
						legend={__('Included business features', 'abacus')}
						options={extensions()}
						value={current.business_extensions}
						onChange={(value) => update({ business_extensions: value })}
					/>
					{continueButton('extensions', {
						business_extensions: current.business_extensions,
					})}
				</>
			),
		},
		{
			key: 'theme',
			label: __('Theme', 'abacus'),
			content: (
				<>
					<fieldset className="abacus-onboarding__themes">
						<legend>{__('Choose a theme for the store', 'abacus')}</legend>
						{themeChoices(current.theme).map((theme) => (
							<label
								key={theme.value}
								className={`abacus-onboarding__theme${
									current.theme === theme.value ? ' is-selected' : ''
								}`}
							>
								<input
									type="radio"
									name="abacus-onboarding-theme"
									value={theme.value}
									checked={current.theme === theme.value}
									onChange={() => update({ theme: theme.value })}
								/>
								<span
									className={`abacus-onboarding__theme-preview is-${theme.value}`}
									aria-hidden="true"
								/>
								<span className="abacus-onboarding__theme-name">{theme.label}</span>
								<span className="abacus-helper__muted">{theme.description}</span>
							</label>
						))}
					</fieldset>
					{continueButton('theme', withoutEmpty({ theme: current.theme }))}
				</>
			),
		},
		{
			key: 'product',
			label: __('First product', 'abacus'),
			content: product ? (
				<p>
					{sprintf(
						/* translators: %d: product id */
						__('Product #%d was created as a draft.', 'abacus'),
						product.id,
					)}{' '}
					<a href={getAdminLink(`post.php?post=${product.id}&action=edit`)}>
						{__('Edit the product', 'abacus')}
					</a>
				</p>
			) : (
				<>
					<RadioControl
						label={__('Create a product from a template', 'abacus')}
						selected={template}
						options={[
							{ value: 'physical', label: __('Physical product', 'abacus') },
							{ value: 'digital', label: __('Digital product', 'abacus') },
							{ value: 'variable', label: __('Variable product', 'abacus') },
						]}
						onChange={setTemplate}
					/>
					<Button
						variant="primary"
						isBusy={saving}
						disabled={saving}
						onClick={() => void createProduct()}
					>
						{__('Create a product', 'abacus')}
					</Button>
				</>
			),
		},
	].map((entry) => ({
		...entry,
		isComplete: done.includes(entry.key as StepKey),
		onClick: (key: string) => setStep(key as StepKey),
	}));

	return (
		<div className="abacus-helper abacus-onboarding">
			<WriteError message={saveError} onRemove={() => setSaveError(null)} />
			<Card>
				<CardBody>
					<Stepper steps={steps} currentStep={step} isPending={saving} isVertical />
				</CardBody>
			</Card>
		</div>
	);
}
