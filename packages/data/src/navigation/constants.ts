/** Name of the navigation store. */
export const STORE_NAME = 'abacus/navigation';

/** Filter hook through which extensions can change the menu items. */
export const MENU_ITEMS_FILTER = 'abacus_navigation_menu_items';
