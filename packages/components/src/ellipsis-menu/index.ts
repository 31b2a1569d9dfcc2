export { EllipsisMenu, MenuItem, MenuTitle } from './ellipsis-menu.js';
export type { EllipsisMenuProps, MenuItemProps } from './types.js';
