/**
 * The current in-app location (path and query) from @abacus/navigation's history, kept in sync
 * with history changes. Resets `paged` to 1 when another parameter changes, and scrolls to the top
 * when the page changes. Inside wp-admin (`keepDates`) the date range follows the person from
 * page to page (persisted-dates.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { getHistory, getNewPath, getPath, getQuery } from '@abacus/navigation';

import { followDates, updateMenuLinks } from './persisted-dates.js';
import { shouldResetPaged } from './routes.js';

export interface AppLocation {
	path: string;
	query: Record<string, unknown>;
}

function read(): AppLocation {
	return { path: getPath(), query: getQuery() as Record<string, unknown> };
}

/** The kept date range applied to a page opened without one (true when the address changed). */
function applyKeptDates(location: AppLocation): boolean {
	const address = followDates(location.path, location.query);
	updateMenuLinks();
	if (address === null) return false;
	getHistory().replace(address);
	return true;
}

/**
 * The page's first location. Its first address, opened from WordPress's menu, may lack the range:
 * with `keepDates` it gets the kept one first, so no report asks for another range first.
 */
export function firstLocation(keepDates: boolean): AppLocation {
	if (keepDates) applyKeptDates(read());
	return read();
}

export function useAppLocation({ keepDates = false }: { keepDates?: boolean } = {}): AppLocation {
	const [location, setLocation] = useState<AppLocation>(() => firstLocation(keepDates));
	const previous = useRef(location);

	useEffect(() => {
		return getHistory().listen(() => {
			const next = read();
			const before = previous.current;
			if (next.path === before.path && shouldResetPaged(before.query, next.query)) {
				getHistory().replace(getNewPath({ paged: '1' }, next.path, next.query, 'abacus'));
				return;
			}
			if (keepDates && applyKeptDates(next)) return;
			if (next.path !== before.path) {
				window.scrollTo(0, 0);
			}
			previous.current = next;
			setLocation(next);
		});
	}, [keepDates]);

	return location;
}
