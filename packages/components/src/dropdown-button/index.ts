export { DropdownButton } from './dropdown-button.js';
export type { DropdownButtonProps } from './dropdown-button.js';
