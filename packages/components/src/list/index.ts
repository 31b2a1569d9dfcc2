export { List } from './list.js';
export type { ListProps, ListItem } from './list.js';
