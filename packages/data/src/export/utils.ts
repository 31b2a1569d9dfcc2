import { getResourceName } from '../utils.js';

/** Key of an operation's request state: its name and its arguments (canonical). */
export function exportRequestKey(selector: string, selectorArgs: unknown): string {
	return getResourceName(selector, selectorArgs);
}

/** Key of an argument object (canonical, key-order independent). */
export function hashExportArgs(args: unknown): string {
	return getResourceName('export', args);
}
