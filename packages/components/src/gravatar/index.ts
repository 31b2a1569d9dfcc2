export { Gravatar, getAvatarUrl } from './gravatar.js';
export type { GravatarProps, GravatarUser } from './gravatar.js';
