export { TextControlWithAffixes } from '../text-control/text-control.js';
export type { TextControlWithAffixesProps } from '../text-control/text-control.js';
