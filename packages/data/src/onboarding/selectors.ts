import { getKeyError, isKeyRequesting } from '../keyed-request-reducer.js';
import type { WPError } from '../types.js';
import type {
	OnboardingState,
	PaymentGatewaySuggestion,
	ProfileItems,
	TasksStatus,
} from './types.js';

/** The onboarding profile (fetched on first use). */
export function getProfileItems(state: OnboardingState): ProfileItems {
	return state.profileItems;
}

/** Status of the setup tasks (fetched on first use). */
export function getTasksStatus(state: OnboardingState): TasksStatus {
	return state.tasksStatus;
}

/** Payment gateway suggestions (fetched on first use). */
export function getPaymentGatewaySuggestions(state: OnboardingState): PaymentGatewaySuggestion[] {
	return state.paymentMethods;
}

/** The error of the named operation, or false. */
export function getOnboardingError(state: OnboardingState, selector: string): WPError | false {
	return getKeyError(state.request, selector);
}

/** Whether the named operation is in progress. */
export function isOnboardingRequesting(state: OnboardingState, selector: string): boolean {
	return isKeyRequesting(state.request, selector);
}
