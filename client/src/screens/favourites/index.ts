export { FavouritesMenu } from './favourites-menu.js';
export type { FavouritesMenuItem, FavouritesMenuProps } from './favourites-menu.js';
