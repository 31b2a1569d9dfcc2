/**
 * The admin helper screens (inbox, reviews, stock, payments, onboarding, settings) and the
 * favourites menu. Each screen is loaded on demand.
 */
import type { ComponentType } from 'react';
import { __ } from '@wordpress/i18n';

export { FavouritesMenu } from './favourites/index.js';
export type { FavouritesMenuItem, FavouritesMenuProps } from './favourites/index.js';

export interface HelperPage {
	path: string;
	title: string;
	breadcrumbs: string[];
	load: () => Promise<{ default: ComponentType }>;
}

/** The helper screens, for the router and the menu. */
export const helperPages: HelperPage[] = [
	{
		path: '/inbox',
		title: __('Inbox', 'abacus'),
		breadcrumbs: [__('Inbox', 'abacus')],
		load: () => import('./inbox/index.js'),
	},
	{
		path: '/reviews',
		title: __('Reviews', 'abacus'),
		breadcrumbs: [__('Reviews', 'abacus')],
		load: () => import('./reviews/index.js'),
	},
	{
		path: '/stock-update',
		title: __('Stock', 'abacus'),
		breadcrumbs: [__('Stock', 'abacus')],
		load: () => import('./stock/index.js'),
	},
	{
		path: '/payments',
		title: __('Payments', 'abacus'),
		breadcrumbs: [__('Settings', 'abacus'), __('Payments', 'abacus')],
		load: () => import('./payments/index.js'),
	},
	{
		path: '/onboarding',
		title: __('Store profile', 'abacus'),
		breadcrumbs: [__('Setup', 'abacus'), __('Store profile', 'abacus')],
		load: () => import('./onboarding/index.js'),
	},
	{
		path: '/settings/general',
		title: __('Settings', 'abacus'),
		breadcrumbs: [__('Settings', 'abacus'), __('General', 'abacus')],
		load: () => import('./settings/general/index.js'),
	},
];
