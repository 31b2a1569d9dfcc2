import { __ } from '@wordpress/i18n';

import { WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';
import type { PaymentGatewaySuggestion, ProfileItems, TasksStatus } from './types.js';

export function setError(selector: string, error: WPError) {
	return { type: 'SET_ERROR' as const, selector, error };
}

export function setIsRequesting(selector: string, isRequesting: boolean) {
	return { type: 'SET_IS_REQUESTING' as const, selector, isRequesting };
}

/** Merges (or with replace, sets) profile items. */
export function setProfileItems(profileItems: Partial<ProfileItems>, replace = false) {
	return { type: 'SET_PROFILE_ITEMS' as const, profileItems, replace };
}

/** Merges tasks status fields. */
export function setTasksStatus(tasksStatus: TasksStatus) {
	return { type: 'SET_TASKS_STATUS' as const, tasksStatus };
}

/** Replaces the payment gateway suggestions. */
export function setPaymentMethods(paymentMethods: PaymentGatewaySuggestion[]) {
	return { type: 'GET_PAYMENT_METHODS_SUCCESS' as const, paymentMethods };
}

export interface UpdateProfileResponse {
	status: string;
	message?: string;
}

/**
 * Saves profile items (`POST /wc-admin/onboarding/profile`). Only an answer with status
 * 'success' counts (items merged, answer returned); anything else is recorded and thrown.
 */
export function updateProfileItems(
	items: Partial<ProfileItems>,
): Thunk<typeof selectors, UpdateProfileResponse> {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting('updateProfileItems', true));
		try {
			const response = await fetchJson<UpdateProfileResponse>({
				path: `${WC_ADMIN_NAMESPACE}/onboarding/profile`,
				method: 'POST',
				data: items,
			});
			if (response?.status !== 'success') {
				throw new Error(
					response?.message ||
						__('The onboarding profile could not be updated.', 'abacus'),
				);
			}
			dispatch(setProfileItems(items));
			dispatch(setIsRequesting('updateProfileItems', false));
			return response;
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(setError('updateProfileItems', wpError));
			throw wpError;
		}
	};
}

export type Action = ReturnType<
	| typeof setError
	| typeof setIsRequesting
	| typeof setProfileItems
	| typeof setTasksStatus
	| typeof setPaymentMethods
>;
