import type { WCDataStoreName } from './store-registry.js';

export type { WCDataStoreName };

/** Names of every store the package registers. */
export const STORE_NAMES = [
	'abacus/options',
	'abacus/settings',
	'abacus/plugins',
	'abacus/onboarding',
	'abacus/notes',
	'abacus/reviews',
	'abacus/navigation',
	'abacus/payment-gateways',
	'abacus/export',
	'abacus/import',
	'abacus/items',
	'abacus/reports',
	'abacus/user',
] as const satisfies readonly WCDataStoreName[];
