/**
 * The one query-key helper of the stores: a resource name is a prefix plus the JSON of the
 * identifier with its top-level keys sorted, so equal queries give equal keys whatever their
 * key order.
 */

/** Builds the canonical resource name `prefix:JSON(identifier with sorted keys)`. */
export function getResourceName(prefix: string, identifier: unknown): string {
	const keys =
		identifier !== null && typeof identifier === 'object' && !Array.isArray(identifier)
			? Object.keys(identifier).sort()
			: undefined;
	return `${prefix}:${JSON.stringify(identifier, keys)}`;
}

/** Returns the prefix part of a resource name. */
export function getResourcePrefix(resourceName: string): string {
	const index = resourceName.indexOf(':');
	return index < 0 ? resourceName : resourceName.slice(0, index);
}

/** Whether a resource name was built with the given prefix. */
export function isResourcePrefix(resourceName: string, prefix: string): boolean {
	return getResourcePrefix(resourceName) === prefix;
}

/** Returns the identifier a resource name was built from (inverse of getResourceName). */
export function getResourceIdentifier(resourceName: string): unknown {
	const index = resourceName.indexOf(':');
	if (index < 0) {
		throw new Error(`"${resourceName}" is not a resource name (expected "prefix:identifier").`);
	}
	return JSON.parse(resourceName.slice(index + 1));
}

/** Removes the listed keys from a query object (returns a new object). */
export function omitKeys<T extends object>(query: T, keys: readonly string[]): Partial<T> {
	const result: Partial<T> = {};
	for (const [key, value] of Object.entries(query)) {
		if (!keys.includes(key)) {
			(result as Record<string, unknown>)[key] = value;
		}
	}
	return result;
}
