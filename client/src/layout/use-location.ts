/**
 * The current in-app location (path and query) from @abacus/navigation's history, kept in sync
 * with history changes. Resets `paged` to 1 when another parameter changes, and scrolls to the top
 * when the page changes.
 */
import { useEffect, useRef, useState } from 'react';
import { getHistory, getNewPath, getPath, getQuery } from '@abacus/navigation';

import { shouldResetPaged } from './routes.js';

export interface AppLocation {
	path: string;
	query: Record<string, unknown>;
}

function read(): AppLocation {
	return { path: getPath(), query: getQuery() as Record<string, unknown> };
}

export function useAppLocation(): AppLocation {
	const [location, setLocation] = useState<AppLocation>(read);
	const previous = useRef(location);

	useEffect(() => {
		return getHistory().listen(() => {
			const next = read();
			const before = previous.current;
			if (next.path === before.path && shouldResetPaged(before.query, next.query)) {
				getHistory().replace(getNewPath({ paged: '1' }, next.path, next.query, 'abacus'));
				return;
			}
			if (next.path !== before.path) {
				window.scrollTo(0, 0);
			}
			previous.current = next;
			setLocation(next);
		});
	}, []);

	return location;
}
