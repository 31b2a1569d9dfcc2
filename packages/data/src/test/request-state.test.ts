import { toWPError } from '../fetch.js';
import { toRequestFlags, toRequestState } from '../request-state.js';

describe('toRequestState', () => {
	it('says error first, then resolving, then success, else idle', () => {
		const error = { code: 'x', message: 'Broken' };
		expect(toRequestState(1, error, true, true)).toEqual({ status: 'error', error });
		expect(toRequestState(1, false, true, false)).toEqual({ status: 'resolving' });
		expect(toRequestState(1, false, false, true)).toEqual({ status: 'success', data: 1 });
		expect(toRequestState(1, null, false, false)).toEqual({ status: 'idle' });
	});
});

describe('toRequestFlags', () => {
	it('counts anything not yet answered as requesting, and an error as an error', () => {
		const error = { message: 'Broken' };
		expect(toRequestFlags({ status: 'idle' })).toEqual({ isRequesting: true, isError: false });
		expect(toRequestFlags({ status: 'resolving' })).toEqual({
			isRequesting: true,
			isError: false,
		});
		expect(toRequestFlags({ status: 'success', data: 1 })).toEqual({
			isRequesting: false,
			isError: false,
		});
		expect(toRequestFlags({ status: 'error', error })).toEqual({
			isRequesting: false,
			isError: true,
		});
	});
});

describe('toWPError', () => {
	it('keeps the WordPress error shape', () => {
		expect(toWPError({ code: 'a', message: 'b', data: { status: 400 } })).toEqual({
			code: 'a',
			message: 'b',
			data: { status: 400 },
		});
	});

	it('turns Errors and strings into messages', () => {
		expect(toWPError(new Error('Boom'))).toEqual({ message: 'Boom' });
		expect(toWPError('Plain')).toEqual({ message: 'Plain' });
	});

	it('gives a readable message for anything else', () => {
		expect(toWPError(42)).toEqual({
			code: 'unknown_error',
			message: 'An unknown error occurred.',
		});
	});
});
