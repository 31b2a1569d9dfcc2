/**
 * Saved views: a report's filters and relative date range saved under a name in the person's
 * preferences, listed in the Analytics menu, each with a shareable address.
 */
export { SaveView, type SaveViewProps } from './save-view.js';
export { SavedViewsMenu, type SavedViewsMenuProps } from './saved-views-menu.js';
export { useSavedViews, type UseSavedViews } from './use-saved-views.js';
export * from './views.js';
