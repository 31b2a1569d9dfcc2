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
