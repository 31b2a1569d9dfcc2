import { getResourceName } from '../utils.js';

/** Key of an argument object (canonical, key-order independent). */
export function hashExportArgs(args: unknown): string {
	return getResourceName('export', args);
}
