import { WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk } from '../types.js';
import {
	setError,
	setIsRequesting,
	setPaymentMethods,
	setProfileItems,
	setTasksStatus,
} from './actions.js';
import type * as selectors from './selectors.js';
import type { PaymentGatewaySuggestion, ProfileItems, TasksStatus } from './types.js';

type OnboardingThunk = Thunk<typeof selectors>;

function load<T>(
	selector: string,
	path: string,
	receive: (data: T) => { type: string },
): OnboardingThunk {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting(selector, true));
		try {
			const data = await fetchJson<T>({ path: `${WC_ADMIN_NAMESPACE}${path}` });
			dispatch(receive(data));
			dispatch(setIsRequesting(selector, false));
		} catch (error) {
			dispatch(setError(selector, toWPError(error)));
		}
	};
}

export function getProfileItems(): OnboardingThunk {
	return load<ProfileItems>('getProfileItems', '/onboarding/profile', (items) =>
		setProfileItems(items ?? {}, true),
	);
}

export function getTasksStatus(): OnboardingThunk {
	return load<TasksStatus>('getTasksStatus', '/onboarding/tasks/status', (status) =>
		setTasksStatus(status ?? {}),
	);
}

export function getPaymentGatewaySuggestions(): OnboardingThunk {
	return load<PaymentGatewaySuggestion[]>(
		'getPaymentGatewaySuggestions',
		'/onboarding/payments',
		(list) => setPaymentMethods(list ?? []),
	);
}
