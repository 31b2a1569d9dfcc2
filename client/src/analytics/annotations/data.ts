/**
 * Notes on charts (annotations): the `abacus/v1/annotations` route (the WordPress plugin's own,
 * or the Abacus server's, same JSON) and a small shared cache of its answers, so every chart of a
 * page asks once per range and every list follows a change made anywhere on the page.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { addQueryArgs } from '@wordpress/url';
import { toWPError, type WPError } from '@abacus/data';

import { apiFetch } from '../../base/api-fetch.js';

export const ANNOTATIONS_ROUTE = '/abacus/v1/annotations';
/** The user preference (WooCommerce user data) that hides the notes' markers. */
export const ANNOTATIONS_HIDDEN_PREFERENCE = 'abacus_annotations_hidden';
/** Longest note text, as the route allows. */
export const MAX_NOTE_LENGTH = 280;

/**
 * A note's link when it is a web address (http or https), else ''. The route accepts no other,
 * but a row written to the store's table by other means must not become a `javascript:` link.
 */
export function webLink(url: string): string {
	return /^https?:\/\/[^\s]+$/i.test(url.trim()) ? url.trim() : '';
}

export interface Annotation {
	id: number;
	date_from: string;
	date_to: string;
	text: string;
	url: string;
	author: { id: number; name: string };
	created: string;
	updated: string;
	can_edit: boolean;
}

export interface AnnotationInput {
	date_from: string;
	date_to: string;
	text: string;
	url: string;
}

export type AnnotationsState =
	| { status: 'loading' }
	| { status: 'ready'; notes: Annotation[] }
	| { status: 'error'; error: WPError };

/** The state of a range not answered yet (one object: a range asked again keeps showing it). */
const LOADING: AnnotationsState = { status: 'loading' };

/** The last answer for each range, and the generation of the change it follows. */
const cache = new Map<string, { state: AnnotationsState; generation: number }>();
const listeners = new Set<() => void>();
let generation = 0;

function notify(): void {
	for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

const keyOf = (after?: string, before?: string) => `${after ?? ''}|${before ?? ''}`;

/** Asks for a range; the answer it had stays shown until the new one arrives. */
function load(after?: string, before?: string): void {
	const key = keyOf(after, before);
	const asked = generation;
	const previous = cache.get(key);
	cache.set(key, { state: previous?.state ?? LOADING, generation: asked });
	apiFetch<Annotation[]>({
		path: addQueryArgs(ANNOTATIONS_ROUTE, {
			...(after ? { after } : {}),
			...(before ? { before } : {}),
		}),
	}).then(
		(notes) => {
			if (cache.get(key)?.generation !== asked) return;
			cache.set(key, {
				state: { status: 'ready', notes: Array.isArray(notes) ? notes : [] },
				generation: asked,
			});
			notify();
		},
		(error: unknown) => {
			if (cache.get(key)?.generation !== asked) return;
			cache.set(key, {
				state: { status: 'error', error: toWPError(error) },
				generation: asked,
			});
			notify();
		},
	);
}

/** Every list shown asks again (keeping what it shows until the answer). */
export function invalidateAnnotations(): void {
	generation += 1;
	notify();
}

/**
 * The notes meeting `after`..`before` (days `YYYY-MM-DD`; all notes without them), asked once per
 * range and asked again after any change. `enabled` false asks nothing (e.g. before the chart has
 * its dates).
 */
export function useAnnotations(after?: string, before?: string, enabled = true): AnnotationsState {
	const key = keyOf(after, before);
	// The state, not the cache's entry: a range marked as asked (again) keeps its state object, so
	// the chart and table showing it are drawn again only when an answer changes what they show.
	const state = useSyncExternalStore(
		subscribe,
		() => cache.get(key)?.state ?? LOADING,
		() => cache.get(key)?.state ?? LOADING,
	);
	const current = useSyncExternalStore(
		subscribe,
		() => generation,
		() => generation,
	);
	useEffect(() => {
		if (!enabled) return;
		// The cache as it is now, not as this render saw it: another chart or table of the range,
		// rendered in the same pass, may have asked already.
		const asked = cache.get(key);
		if (!asked || asked.generation !== generation) {
			load(after, before);
		}
	}, [key, enabled, after, before, current]);
	return state;
}

async function change<T>(run: () => Promise<T>): Promise<T> {
	try {
		return await run();
	} finally {
		invalidateAnnotations();
	}
}

export const createAnnotation = (input: AnnotationInput) =>
	change(() =>
		apiFetch<Annotation>({ path: ANNOTATIONS_ROUTE, method: 'POST', data: { ...input } }),
	);

export const updateAnnotation = (id: number, input: AnnotationInput) =>
	change(() =>
		apiFetch<Annotation>({
			path: `${ANNOTATIONS_ROUTE}/${id}`,
			method: 'PUT',
			data: { ...input },
		}),
	);

export const deleteAnnotation = (id: number) =>
	change(() =>
		apiFetch<{ deleted: boolean }>({ path: `${ANNOTATIONS_ROUTE}/${id}`, method: 'DELETE' }),
	);

/** A WordPress error's message and its per-field messages (`data.params`). */
export function annotationErrorOf(error: unknown): {
	message: string;
	fields: Partial<Record<keyof AnnotationInput, string>>;
} {
	const wpError = toWPError(error);
	const params = (wpError.data as { params?: unknown } | undefined)?.params;
	const fields: Partial<Record<keyof AnnotationInput, string>> = {};
	if (params && typeof params === 'object') {
		for (const name of ['date_from', 'date_to', 'text', 'url'] as const) {
			const value = (params as Record<string, unknown>)[name];
			if (typeof value === 'string') fields[name] = value;
		}
	}
	return { message: wpError.message, fields };
}
