import type { WPError } from '../types.js';

/** A navigation menu item. */
export interface MenuItem {
	id: string;
	title?: string;
	url?: string;
	/** The menu holding the item: favourites or plugins (or another group). */
	menuId?: 'favorites' | 'plugins' | string;
	[key: string]: unknown;
}

export interface NavigationState {
	error: WPError | null;
	menuItems: MenuItem[];
	favorites: string[];
	requesting: Record<string, boolean>;
	persistedQuery: Record<string, unknown>;
}
