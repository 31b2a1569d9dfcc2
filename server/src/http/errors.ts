/**
 * WordPress-shaped REST errors: `{ code, message, data: { status, ... } }`. `RestError` itself lives
 * in `core/rest-error.ts` (a storage adapter beneath the routes throws it too); the route helpers
 * below build the common ones.
 */
export { RestError, type RestErrorBody } from '../core/rest-error.js';
import { RestError } from '../core/rest-error.js';

/** 400 `rest_invalid_param` naming each bad parameter and why. */
export function invalidParams(params: Record<string, string>): RestError {
	const names = Object.keys(params);
	return new RestError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
		params,
	});
}

/** 400 `rest_missing_callback_param` for required parameters that were not sent. */
export function missingParams(names: string[]): RestError {
	return new RestError(
		'rest_missing_callback_param',
		`Missing parameter(s): ${names.join(', ')}`,
		400,
		{ params: names },
	);
}

export function notFound(code: string, message: string): RestError {
	return new RestError(code, message, 404);
}

export const NO_ROUTE = new RestError(
	'rest_no_route',
	'No route was found matching the URL and request method.',
	404,
);
