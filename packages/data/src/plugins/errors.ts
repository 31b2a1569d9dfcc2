import { __, sprintf } from '@wordpress/i18n';

import type { WPError } from '../types.js';
import { pluginNames } from './constants.js';

/** Replaces backticked slugs in error messages by their display names. */
export function formatErrors(
	error: Record<string, string[] | string> | string,
): Record<string, string[] | string> | string {
	const replace = (message: string) =>
		message.replace(/`([^`]+)`/g, (match, slug: string) => pluginNames[slug] ?? match);
	if (typeof error === 'string') {
		return replace(error);
	}
	const result: Record<string, string[] | string> = {};
	for (const [slug, messages] of Object.entries(error)) {
		result[slug] = Array.isArray(messages) ? messages.map(replace) : replace(messages);
	}
	return result;
}

function actionLabel(action: 'install' | 'activate'): string {
	return action === 'install' ? __('install', 'abacus') : __('activate', 'abacus');
}

/**
 * The message of a failed install or activation: 'Could not {action} {plugin} plugin, {error}'
 * for one plugin, 'Could not {action} the following plugins: {names} with these Errors: {errors}'
 * for several.
 */
export function formatErrorMessage(
	errors: Record<string, string[] | string>,
	action: 'install' | 'activate',
): string {
	const formatted = formatErrors(errors) as Record<string, string[] | string>;
	const slugs = Object.keys(formatted);
	const text = (slug: string) => {
		const messages = formatted[slug];
		return Array.isArray(messages) ? messages.join(' ') : messages;
	};
	if (slugs.length === 1) {
		return sprintf(
			/* translators: 1: install or activate, 2: plugin name, 3: error message */
			__('Could not %1$s %2$s plugin, %3$s', 'abacus'),
			actionLabel(action),
			pluginNames[slugs[0]] ?? slugs[0],
			text(slugs[0]),
		);
	}
	return sprintf(
		/* translators: 1: install or activate, 2: plugin names, 3: error messages */
		__('Could not %1$s the following plugins: %2$s with these Errors: %3$s', 'abacus'),
		actionLabel(action),
		slugs.map((slug) => pluginNames[slug] ?? slug).join(', '),
		slugs.map(text).join(' '),
	);
}

/** The error map of a failed call: the answer's `errors.errors`, or the request error per slug. */
export function pluginErrorsOf(
	error: unknown,
	slugs: readonly string[],
	fallback: WPError,
): Record<string, string[] | string> {
	if (typeof error === 'object' && error !== null && 'errors' in error) {
		const inner = (error as { errors?: { errors?: Record<string, string[] | string> } }).errors
			?.errors;
		if (inner && Object.keys(inner).length) {
			return inner;
		}
	}
	const map: Record<string, string[] | string> = {};
	for (const slug of slugs) {
		map[slug] = [fallback.message];
	}
	return map;
}
