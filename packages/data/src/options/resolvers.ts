import { toWPError } from '../fetch.js';
import type { Thunk } from '../types.js';
import { receiveOptions, setRequestingError } from './actions.js';
import { batchFetchOption } from './batch.js';
import type * as selectors from './selectors.js';

export function getOption(name: string): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		try {
			const options = await batchFetchOption(name);
			dispatch(receiveOptions({ [name]: options?.[name] }));
		} catch (error) {
			dispatch(setRequestingError(toWPError(error), name));
		}
	};
}
