/**
 * WordPress-shaped REST errors: `{ code, message, data: { status, ... } }`.
 * Throw `RestError` anywhere in a route; the app's error handler turns it into the response.
 */
export interface RestErrorBody {
	code: string;
	message: string;
	data: { status: number; [key: string]: unknown };
}

export class RestError extends Error {
	readonly code: string;
	readonly status: number;
	readonly extra: Record<string, unknown>;

	constructor(
		code: string,
		message: string,
		status: number,
		extra: Record<string, unknown> = {},
	) {
		super(message);
		this.code = code;
		this.status = status;
		this.extra = extra;
	}

	toBody(): RestErrorBody {
		return {
			code: this.code,
			message: this.message,
			data: { status: this.status, ...this.extra },
		};
	}
}

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
