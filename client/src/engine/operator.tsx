/**
 * The engine's own page on a multi-store engine (abacusSettings.engineOperator): the operator
 * chooses one of the served stores, whose id stays in the address (`store=2`, so links and saved
 * views keep it) and goes with every REST request (`X-Abacus-Store`). The server renders the page
 * with that store's settings (currency, time zone, week start), so choosing another store loads
 * the page again: nothing shown or cached for one store can appear under another's name.
 */
import { useId, useState } from 'react';
import { Button, SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { Query as NavQuery } from '@abacus/navigation';

import { apiFetch } from '../base/api-fetch.js';
import {
	addressForStore,
	load,
	type EngineOperator,
	type OperatorStore,
} from './operator-session.js';
import './style.scss';

export * from './operator-session.js';

interface SwitcherProps {
	operator: EngineOperator;
	path: string;
	query: NavQuery;
	/** Loads an address (tests pass their own). */
	onNavigate?: (address: string) => void;
}

/** The store switcher of the page header: choosing a store loads the page for it. */
export function StoreSwitcher({ operator, path, query, onNavigate = load }: SwitcherProps) {
	const options = [
		...(operator.store === null ? [{ value: '', label: __('Choose a store…', 'abacus') }] : []),
		...operator.stores.map((store) => ({
			value: String(store.id),
			/* translators: 1: store name (its address), 2: currency code. */
			label: sprintf(__('%1$s (%2$s)', 'abacus'), store.name, store.currency),
		})),
	];
	const chosen = options.find((option) => option.value === String(operator.store));
	return (
		<div className="abacus-store-switcher">
			<SelectControl
				labelPosition="side"
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={__('Store', 'abacus')}
				value={operator.store === null ? '' : String(operator.store)}
				options={options}
				onChange={(value: string) => {
					const id = Number(value);
					if (!Number.isInteger(id) || id <= 0 || id === operator.store) return;
					onNavigate(addressForStore(id, path, query));
				}}
			/>
			{chosen && (
				// A narrow screen cuts a long name in the select: it is written out in full below
				// (the select already names it to a screen reader).
				<p className="abacus-store-switcher__name" aria-hidden="true">
					{chosen.label}
				</p>
			)}
		</div>
	);
}

/**
 * Instead of a store's report while no store is chosen: the served stores, each a link loading
 * the same screen for it.
 */
export function ChooseStore({ operator, path, query, onNavigate = load }: SwitcherProps) {
	const headingId = useId();
	return (
		<section className="abacus-choose-store" aria-labelledby={headingId}>
			<h2 id={headingId}>{__('Choose a store', 'abacus')}</h2>
			<p>
				{operator.stores.length > 0
					? __(
							'This engine serves several stores: choose the one whose reports you want to see.',
							'abacus',
						)
					: __(
							'This engine serves no store yet: load a store into the cluster and give the engine its secret.',
							'abacus',
						)}
			</p>
			<ul>
				{operator.stores.map((store) => (
					<li key={store.id}>
						<Button
							variant="secondary"
							href={addressForStore(store.id, path, query)}
							onClick={(event: { preventDefault: () => void }) => {
								event.preventDefault();
								onNavigate(addressForStore(store.id, path, query));
							}}
						>
							{sprintf(
								/* translators: 1: store name (its address), 2: currency code. */
								__('%1$s (%2$s)', 'abacus'),
								store.name,
								store.currency,
							)}
						</Button>
					</li>
				))}
			</ul>
		</section>
	);
}

/**
 * The helper screens that manage the live store itself (its reviews, its stock quantities, its
 * payment gateways, its profile and general settings): the engine holds a copy of a store's
 * figures, not the store, so its page does not offer them; each maps to the same screen in the
 * store's own wp-admin.
 */
const STORE_OWN_SCREENS: Record<string, string> = {
	'/reviews': 'edit.php?post_type=product&page=product-reviews',
	'/stock-update': 'edit.php?post_type=product&stock_status=outofstock',
	'/payments': 'admin.php?page=wc-settings&tab=checkout',
	'/onboarding': 'admin.php?page=wc-admin&path=%2Fsetup-wizard',
	'/settings/general': 'admin.php?page=wc-settings',
};

/** Whether a helper screen manages the live store (not offered on the engine's page). */
export function isStoreOwnScreen(path: string): boolean {
	return Object.hasOwn(STORE_OWN_SCREENS, path);
}

/** The address of a helper screen in a store's own wp-admin (null for a URL that is not http(s)). */
export function storeAdminAddress(store: OperatorStore, path: string): string | null {
	if (!/^https?:\/\/[^\s]+$/i.test(store.url)) return null;
	const screen = Object.hasOwn(STORE_OWN_SCREENS, path) ? STORE_OWN_SCREENS[path] : '';
	return `${store.url.replace(/\/+$/, '')}/wp-admin/${screen}`;
}

interface StoreOwnProps {
	operator: EngineOperator;
	/** The helper screen's path (`/reviews` …). */
	path: string;
	/** Its title, as the menu names it. */
	title: string;
}

/**
 * Instead of a helper screen that manages the live store, opened by its address on the engine's
 * page: why it is not here, and a link to the same screen in the store's own wp-admin (each
 * store's when none is chosen).
 */
export function StoreOwnScreen({ operator, path, title }: StoreOwnProps) {
	const headingId = useId();
	const chosen = operator.stores.filter(
		(store) => operator.store === null || store.id === operator.store,
	);
	return (
		<section className="abacus-store-own" aria-labelledby={headingId}>
			<h2 id={headingId}>{title}</h2>
			<p>
				{__(
					'This screen changes the store itself. The engine holds a copy of each store’s figures for its reports, not the store, so it is not available here: open it in the store’s own WordPress admin.',
					'abacus',
				)}
			</p>
			<ul>
				{chosen.map((store) => {
					const address = storeAdminAddress(store, path);
					const label = sprintf(
						/* translators: 1: screen title (Reviews, Payments…), 2: store name (its address). */
						__('Open %1$s in %2$s', 'abacus'),
						title,
						store.name,
					);
					return (
						<li key={store.id}>
							{address ? (
								<Button variant="secondary" href={address}>
									{label}
								</Button>
							) : (
								<span>{store.name}</span>
							)}
						</li>
					);
				})}
			</ul>
		</section>
	);
}

/** The engine's signed-in operator (abacusSettings.engineSession), checked; null elsewhere. */
export function readSession(value: unknown): { name: string } | null {
	if (typeof value !== 'object' || value === null) return null;
	const name = (value as { name?: unknown }).name;
	return typeof name === 'string' && name !== '' ? { name } : null;
}

/** This page's signed-in operator, from the injected settings (null on any other page). */
export function getSession(): { name: string } | null {
	const settings = (typeof window === 'undefined' ? undefined : window.abacusSettings) as
		Record<string, unknown> | undefined;
	return readSession(settings?.engineSession);
}

/** The engine's REST route ending the operator's session. */
export const LOGOUT_PATH = '/abacus/v1/operator/logout';

interface LogOutProps {
	session: { name: string };
	/** Loads an address (tests pass their own). */
	onNavigate?: (address: string) => void;
}

/**
 * "Log out" for the engine's signed-in operator: ends the session on the engine, then loads the
 * admin page again (the sign-in form).
 */
export function LogOut({ session, onNavigate = load }: LogOutProps) {
	const [busy, setBusy] = useState(false);
	const [failed, setFailed] = useState(false);
	return (
		<div className="abacus-log-out">
			<span className="abacus-log-out__name">
				{
					/* translators: %s: the engine operator's name. */
					sprintf(__('Signed in as %s', 'abacus'), session.name)
				}
			</span>
			<Button
				variant="secondary"
				size="compact"
				isBusy={busy}
				aria-disabled={busy}
				onClick={() => {
					if (busy) return;
					setBusy(true);
					setFailed(false);
					apiFetch({ path: LOGOUT_PATH, method: 'POST' }).then(
						() => onNavigate('/wp-admin/admin.php?page=abacus'),
						() => {
							setBusy(false);
							setFailed(true);
						},
					);
				}}
			>
				{__('Log out', 'abacus')}
			</Button>
			{failed && (
				<p className="abacus-log-out__error" role="alert">
					{__('The engine did not log you out. Try again.', 'abacus')}
				</p>
			)}
		</div>
	);
}
