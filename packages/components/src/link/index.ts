export { Link } from './link.js';
export type { LinkProps, LinkType } from './types.js';
