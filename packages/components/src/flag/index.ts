export { Flag, getEmojiFlag } from './flag.js';
export type { FlagProps } from './flag.js';
