/**
 * Gallery sections for the setup and admin helper components, each in its states.
 */
import { useState } from 'react';

import {
	AnimationSlider,
	Badge,
	Count,
	DropdownButton,
	DynamicForm,
	Flag,
	Form,
	Gravatar,
	ImageUpload,
	Pill,
	Plugins,
	ProductImage,
	ProductRating,
	Rating,
	ReviewRating,
	SegmentedSelection,
	SnackbarNotice,
	Stepper,
	TextControl,
	TextControlWithAffixes,
	Timeline,
	WebPreview,
} from '@abacus/components';

import type { GallerySection } from './types.js';

const now = new Date();
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600000);

function SnackbarDemo() {
	const [shown, setShown] = useState(true);
	return shown ? (
		<SnackbarNotice
			onRemove={() => setShown(false)}
			actions={[{ label: 'Undo', onClick: () => undefined }]}
		>
			Review moved to the trash.
		</SnackbarNotice>
	) : (
		<button type="button" onClick={() => setShown(true)}>
			Show the snackbar again
		</button>
	);
}

function SliderDemo() {
	const [page, setPage] = useState(0);
	return (
		<div>
			<AnimationSlider animationKey={page} animate={page % 2 ? 'left' : 'right'}>
				{() => <p>Menu page {page + 1}</p>}
			</AnimationSlider>
			<button type="button" onClick={() => setPage((p) => p + 1)}>
				Next menu
			</button>
		</div>
	);
}

function SegmentedDemo() {
	const [selected, setSelected] = useState('month');
	return (
		<SegmentedSelection
			name="gallery-period"
			legend="Period"
			selected={selected}
			onSelect={setSelected}
			options={[
				{ value: 'week', label: 'Week' },
				{ value: 'month', label: 'Month' },
				{ value: 'year', label: 'Year' },
			]}
		/>
	);
}

const install = (fail: boolean) => (slugs: string[]) =>
	new Promise<{ data?: { activated: string[] }; errors?: { errors: Record<string, string[]> } }>(
		(resolve, reject) =>
			setTimeout(
				() =>
					fail
						? reject({
								errors: {
									errors: {
										[slugs[0]]: [
											`Could not install ${slugs[0]} plugin, the site is offline`,
										],
									},
								},
							})
						: resolve({ data: { activated: slugs } }),
				800,
			),
	);

export const helperSections: GallerySection[] = [
	{
		title: 'Timeline',
		states: {
			'with items': (
				<Timeline
					items={[
						{
							date: hoursAgo(1),
							icon: '🛒',
							headline: 'Order #1042 placed',
							body: ['2 items, $84.00'],
						},
						{
							date: hoursAgo(3),
							icon: '⭐',
							headline: 'New 5-star review',
							body: ['“Great hoodie.”'],
						},
						{
							date: hoursAgo(30),
							icon: '📦',
							headline: 'Stock low: Beanie',
							hideTimestamp: true,
						},
					]}
				/>
			),
			empty: <Timeline items={[]} />,
		},
	},
	{
		title: 'Stepper',
		states: {
			horizontal: (
				<Stepper
					currentStep="industry"
					steps={[
						{ key: 'store', label: 'Store details' },
						{
							key: 'industry',
							label: 'Industry',
							content: <p>What does your store sell?</p>,
						},
						{ key: 'theme', label: 'Theme' },
					]}
				/>
			),
			'vertical, pending': (
				<Stepper
					isVertical
					isPending
					currentStep="theme"
					steps={[
						{
							key: 'store',
							label: 'Store details',
							description: 'Address and currency',
						},
						{ key: 'theme', label: 'Theme', description: 'Installing…' },
					]}
				/>
			),
		},
	},
	{
		title: 'Rating',
		states: {
			'3.5 stars': <Rating rating={3.5} />,
			product: <ProductRating product={{ average_rating: '4.6' }} size={24} />,
			review: <ReviewRating review={{ rating: 1 }} />,
		},
	},
	{
		title: 'Gravatar',
		states: {
			'by e-mail': <Gravatar user="customer@example.com" size={48} />,
			'no user': <Gravatar />,
		},
	},
	{
		title: 'Flag',
		states: {
			France: <Flag code="FR" size={28} />,
			'from an order': <Flag order={{ billing: { country: 'JP' } }} />,
			invalid: <Flag code="??" />,
		},
	},
	{
		title: 'ProductImage',
		states: {
			placeholder: <ProductImage product={{ name: 'Beanie' }} />,
			thumbnail: <ProductImage product={{ name: 'Beanie' }} width={18} height={18} />,
		},
	},
	{
		title: 'Pill, Badge, Count',
		states: {
			pill: <Pill>Beta</Pill>,
			badge: <Badge count={4} />,
			count: <Count count={12} />,
		},
	},
	{
		title: 'Plugins installer',
		states: {
			idle: (
				<Plugins
					installAndActivate={install(false)}
					onComplete={() => undefined}
					pluginSlugs={['woocommerce-payments']}
					onAbort={() => undefined}
				/>
			),
			'failing install (press Install)': (
				<Plugins
					installAndActivate={install(true)}
					onComplete={() => undefined}
					pluginSlugs={['jetpack']}
				/>
			),
			'nothing to install': (
				<Plugins
					installAndActivate={install(false)}
					onComplete={() => undefined}
					pluginSlugs={[]}
				/>
			),
		},
	},
	{ title: 'SnackbarNotice', states: { 'with undo': <SnackbarDemo /> } },
	{
		title: 'Form and DynamicForm',
		states: {
			form: (
				<Form<{ name: string }>
					initialValues={{ name: '' }}
					validate={(v): Record<string, string> =>
						v.name ? {} : { name: 'Please enter a name.' }
					}
				>
					{({ getInputProps, handleSubmit }) => {
						const props = getInputProps('name');
						return (
							<div>
								<TextControl
									label="Store name"
									value={String(props.value)}
									onChange={props.onChange}
									onBlur={props.onBlur}
									help={props.help}
								/>
								<button type="button" onClick={handleSubmit}>
									Save
								</button>
							</div>
						);
					}}
				</Form>
			),
			'dynamic form': (
				<DynamicForm
					fields={[
						{
							id: 'title',
							type: 'text',
							label: 'Title',
							value: 'Direct bank transfer',
						},
						{
							id: 'enabled',
							type: 'checkbox',
							label: 'Enable this payment method',
							value: 'yes',
						},
						{
							id: 'mode',
							type: 'select',
							label: 'Mode',
							options: { live: 'Live', test: 'Test' },
						},
					]}
					submitLabel="Save"
				/>
			),
			busy: (
				<DynamicForm fields={[{ id: 'key', type: 'password', label: 'API key' }]} isBusy />
			),
		},
	},
	{
		title: 'TextControl',
		states: {
			empty: <TextControl label="Coupon code" />,
			'with affixes': (
				<TextControlWithAffixes label="Price" prefix="$" suffix="USD" value="19.99" />
			),
			disabled: <TextControl label="Order number" value="1042" disabled />,
		},
	},
	{ title: 'ImageUpload', states: { 'outside WordPress': <ImageUpload /> } },
	{
		title: 'DropdownButton',
		states: {
			closed: (
				<DropdownButton
					labels={[
						'Month to date (Nov 1 - 22, 2026)',
						'vs. Previous year (Nov 1 - 22, 2025)',
					]}
				/>
			),
			open: <DropdownButton labels={['Last week']} isOpen />,
		},
	},
	{ title: 'AnimationSlider', states: { sliding: <SliderDemo /> } },
	{ title: 'SegmentedSelection', states: { radio: <SegmentedDemo /> } },
	{
		title: 'WebPreview',
		states: { loading: <WebPreview src="about:blank" title="Store preview" /> },
	},
];
