/**
 * Route-level helpers: editable methods and body schema fragments.
 */
export const EDITABLE = ['POST', 'PUT', 'PATCH'] as const;

/** Query object of a request, typed loosely for WordPress-style parsing. */
export type Query = Record<string, unknown>;
