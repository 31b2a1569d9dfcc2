import { createElement, useMemo, type ComponentType } from 'react';
import { useSelect } from '@wordpress/data';

import { toRequestState } from '../request-state.js';
import type { RequestState } from '../types.js';
import { store } from './index.js';
import type { OptionsMap } from './types.js';
import { asDataRegistry, useDataRegistry, type AnyRegistry } from '../store-registry.js';

/** Puts preloaded option values into the store unless they were read or are being read. */
export function hydrateOptions(anyRegistry: AnyRegistry, options: OptionsMap): void {
	const registry = asDataRegistry(anyRegistry);
	const selectors = registry.select(store);
	const actions = registry.dispatch(store);
	for (const [name, value] of Object.entries(options)) {
		if (
			selectors.hasStartedResolution('getOption', [name]) ||
			selectors.hasFinishedResolution('getOption', [name])
		) {
			continue;
		}
		void actions.startResolution('getOption', [name]);
		void actions.receiveOptions({ [name]: value });
		void actions.finishResolution('getOption', [name]);
	}
}

/** Hydrates the options store with preloaded values (once per value). */
export function useOptionsHydration(options: OptionsMap): void {
	const registry = useDataRegistry();
	useMemo(() => hydrateOptions(registry, options), [registry, options]);
}

/** HOC: hydrates the options store before rendering the wrapped component. */
export function withOptionsHydration(options: OptionsMap) {
	return function <P extends object>(Component: ComponentType<P>): ComponentType<P> {
		function WithOptionsHydration(props: P) {
			useOptionsHydration(options);
			return createElement(Component, props);
		}
		WithOptionsHydration.displayName = `withOptionsHydration(${
			Component.displayName ?? Component.name ?? 'Component'
		})`;
		return WithOptionsHydration;
	};
}

/**
 * Request state of several options (one batched request): `data` maps each name to its value
 * once all are read; the first read error is reported.
 */
export function useOptions(names: readonly string[]): RequestState<OptionsMap> {
	const key = names.join(',');
	const { isResolving, hasFinished, error, ...data } = useSelect(
		(select) => {
			const options = select(store);
			const result: OptionsMap & {
				isResolving: boolean;
				hasFinished: boolean;
				error: ReturnType<typeof options.getOptionsRequestingError>;
			} = { isResolving: false, hasFinished: true, error: false };
			for (const name of key ? key.split(',') : []) {
				result[`option:${name}`] = options.getOption(name);
				result.isResolving = result.isResolving || options.isResolving('getOption', [name]);
				result.hasFinished =
					result.hasFinished && options.hasFinishedResolution('getOption', [name]);
				result.error = result.error || options.getOptionsRequestingError(name);
			}
			return result;
		},
		[key],
	);
	const values = key ? key.split(',').map((name) => data[`option:${name}`]) : [];
	return useMemo(
		() => {
			const map: OptionsMap = {};
			(key ? key.split(',') : []).forEach((name, index) => {
				map[name] = values[index];
			});
			return toRequestState(map, error, isResolving, hasFinished);
		},
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[key, isResolving, hasFinished, error, ...values],
	);
}
