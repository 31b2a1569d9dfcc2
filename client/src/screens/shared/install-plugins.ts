import { useDispatch } from '@wordpress/data';
import { useCallback } from '@wordpress/element';

import type { PluginsInstallResponse } from '@abacus/components';
import { pluginsStore } from '@abacus/data';
import type { PluginsResponse } from '@abacus/data';

/** The plugins store's answer in the installer prompt's shape (every error a list). */
export function toInstallResponse(response: PluginsResponse): PluginsInstallResponse {
	const errors = response.errors?.errors;
	return {
		success: response.success,
		message: response.message,
		data: response.data,
		errors: errors
			? {
					errors: Object.fromEntries(
						Object.entries(errors).map(([slug, messages]) => [
							slug,
							Array.isArray(messages) ? messages : [messages],
						]),
					),
				}
			: undefined,
	};
}

/** `installAndActivate` for the Plugins installer prompt, through the plugins store. */
export function useInstallAndActivate(): (slugs: string[]) => Promise<PluginsInstallResponse> {
	const { installAndActivatePlugins } = useDispatch(pluginsStore);
	return useCallback(
		async (slugs: string[]) => toInstallResponse(await installAndActivatePlugins(slugs)),
		[installAndActivatePlugins],
	);
}
