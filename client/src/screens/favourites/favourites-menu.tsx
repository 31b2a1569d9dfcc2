import { Button } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { navigationStore, selectRequestState } from '@abacus/data';

import { LoadError, WriteError, errorMessage } from '../../base/load-error.js';
import { Loading } from '../../base/loading.js';

export interface FavouritesMenuItem {
	id: string;
	title: string;
	href: string;
}

export interface FavouritesMenuProps {
	items: FavouritesMenuItem[];
	/** Heading of the non-favourite group. Default 'Extensions'. */
	othersLabel?: string;
}

/**
 * Menu items in two groups, Favourites and the rest, with a star toggle per item. The favourites
 * are the current user's list on the server (`abacus/navigation`), so they survive a reload.
 */
export function FavouritesMenu({ items, othersLabel }: FavouritesMenuProps) {
	const { addFavorite, removeFavorite, invalidateResolution } = useDispatch(navigationStore);
	const [pending, setPending] = useState<string | null>(null);
	const [writeError, setWriteError] = useState<string | null>(null);
	// The store keeps one error for reads and writes; after a write, it is that write's error.
	const [hasWritten, setHasWritten] = useState(false);
	const favourites = useSelect(
		(select) => {
			const store = select(navigationStore);
			return selectRequestState(
				store,
				'getFavorites',
				[],
				store.getFavorites,
				() => (hasWritten ? null : store.getNavigationError()),
				// The store keeps a failed read's error until the next answer: Retry shows loading.
				{ retryHidesError: true },
			);
		},
		[hasWritten],
	);

	if (favourites.status === 'error') {
		return (
			<LoadError
				title={__('Your favourites could not be loaded.', 'abacus')}
				error={favourites.error}
				onRetry={() => invalidateResolution('getFavorites', [])}
			/>
		);
	}
	if (favourites.status !== 'success') {
		return <Loading label={__('Loading the menu…', 'abacus')} />;
	}
	const favorites = favourites.data;

	async function toggle(item: FavouritesMenuItem, isFavourite: boolean) {
		setPending(item.id);
		setHasWritten(true);
		setWriteError(null);
		try {
			if (isFavourite) {
				await removeFavorite(item.id);
			} else {
				await addFavorite(item.id);
			}
		} catch (caught) {
			setWriteError(errorMessage(caught));
		} finally {
			setPending(null);
		}
	}

	const favouriteItems = favorites
		.map((id) => items.find((item) => item.id === id))
		.filter((item): item is FavouritesMenuItem => Boolean(item));
	const others = items.filter((item) => !favorites.includes(item.id));

	function renderItem(item: FavouritesMenuItem, isFavourite: boolean) {
		return (
			<li key={item.id} className="abacus-favourites__item">
				<a href={item.href}>{item.title}</a>
				<Button
					className="abacus-favourites__star"
					icon={isFavourite ? 'star-filled' : 'star-empty'}
					label={
						isFavourite
							? sprintf(
									/* translators: %s: menu item title */
									__('Remove %s from favourites', 'abacus'),
									item.title,
								)
							: sprintf(
									/* translators: %s: menu item title */
									__('Add %s to favourites', 'abacus'),
									item.title,
								)
					}
					aria-pressed={isFavourite}
					isBusy={pending === item.id}
					disabled={pending !== null}
					onClick={() => void toggle(item, isFavourite)}
				/>
			</li>
		);
	}

	return (
		<nav className="abacus-favourites" aria-label={__('Menu', 'abacus')}>
			<WriteError message={writeError} onRemove={() => setWriteError(null)} />
			{favouriteItems.length ? (
				<section aria-labelledby="abacus-favourites-title">
					<h2 id="abacus-favourites-title">{__('Favourites', 'abacus')}</h2>
					<ul>{favouriteItems.map((item) => renderItem(item, true))}</ul>
				</section>
			) : null}
			<section aria-labelledby="abacus-favourites-others">
				<h2 id="abacus-favourites-others">{othersLabel ?? __('Extensions', 'abacus')}</h2>
				<ul>{others.map((item) => renderItem(item, false))}</ul>
			</section>
		</nav>
	);
}
