/**
 * The stores this server serves (`GET abacus/v1/stores`, the engine's operator page only), asked
 * once per page load: the menu shows the Stores report when there is more than one.
 */
import { useEffect, useState } from 'react';

import { apiFetch } from '../../../base/api-fetch.js';
import type { ServedStore } from './data.js';

let asked: Promise<ServedStore[]> | null = null;

/** The served stores; a failed request (WordPress has no such route) is no store. */
export function loadServedStores(): Promise<ServedStore[]> {
	if (!asked) {
		asked = apiFetch<ServedStore[]>({ path: '/abacus/v1/stores' }).then(
			(stores) => (Array.isArray(stores) ? stores : []),
			() => {
				asked = null;
				return [];
			},
		);
	}
	return asked;
}

/** How many stores the server serves (0 until known, or when it cannot say); `enabled: false` asks nothing. */
export function useServedStoreCount(enabled: boolean): number {
	const [count, setCount] = useState(0);
	useEffect(() => {
		if (!enabled) return undefined;
		let live = true;
		void loadServedStores().then((stores) => live && setCount(stores.length));
		return () => {
			live = false;
		};
	}, [enabled]);
	return count;
}
