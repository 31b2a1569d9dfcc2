import { toWPError } from '../fetch.js';
import { selectRequestState, toRequestFlags, toRequestState } from '../request-state.js';

describe('toRequestState', () => {
	it('says error first, then resolving, then success, else idle', () => {
		const error = { code: 'x', message: 'Broken' };
		expect(toRequestState(1, error, true, true)).toEqual({ status: 'error', error });
		expect(toRequestState(1, false, true, false)).toEqual({ status: 'resolving' });
		expect(toRequestState(1, false, false, true)).toEqual({ status: 'success', data: 1 });
		expect(toRequestState(1, null, false, false)).toEqual({ status: 'idle' });
	});
});

describe('toRequestState with hasData', () => {
	const error = { code: 'x', message: 'Broken' };
	const hasData = (list: number[]) => list.length > 0;

	it('shows an earlier answer while it is read again, or before it is read', () => {
		expect(toRequestState([1], false, true, false, { hasData })).toEqual({
			status: 'success',
			data: [1],
			isStale: true,
		});
		expect(toRequestState([1], false, false, false, { hasData })).toEqual({
			status: 'success',
			data: [1],
			isStale: true,
		});
		expect(toRequestState([1], false, false, true, { hasData })).toEqual({
			status: 'success',
			data: [1],
		});
	});

	it('keeps the earlier answer on a failed read', () => {
		expect(toRequestState([1], error, false, true, { hasData })).toEqual({
			status: 'error',
			error,
			data: [1],
		});
	});

	it('reads as without the option when there is nothing to show', () => {
		expect(toRequestState([], false, true, false, { hasData })).toEqual({
			status: 'resolving',
		});
		expect(toRequestState([], false, false, false, { hasData })).toEqual({ status: 'idle' });
		expect(toRequestState([], error, false, true, { hasData })).toEqual({
			status: 'error',
			error,
		});
		expect(toRequestState([], false, false, true, { hasData })).toEqual({
			status: 'success',
			data: [],
		});
	});
});

describe('toRequestState with retryHidesError', () => {
	const error = { message: 'Broken' };

	it('reads a value read again as being read, whatever error the store still keeps', () => {
		expect(toRequestState(1, error, true, false, { retryHidesError: true })).toEqual({
			status: 'resolving',
		});
		expect(toRequestState(1, error, false, false, { retryHidesError: true })).toEqual({
			status: 'idle',
		});
		expect(toRequestState(1, error, false, true, { retryHidesError: true })).toEqual({
			status: 'error',
			error,
		});
	});

	it('says error at once without it', () => {
		expect(toRequestState(1, error, true, false)).toEqual({ status: 'error', error });
		expect(toRequestState(1, error, false, false)).toEqual({ status: 'error', error });
	});
});

describe('selectRequestState', () => {
	it('reads the selector, its error and its resolution with the same arguments', () => {
		const asked: unknown[][] = [];
		const selectors = {
			hasStartedResolution: () => true,
			isResolving: (name: string, args?: unknown[]) => {
				asked.push([name, ...(args ?? [])]);
				return true;
			},
			hasFinishedResolution: () => false,
		};
		const state = selectRequestState(
			selectors,
			'getList',
			['a', 2],
			(name: string, page: number) => [name, page],
			() => false,
			{ hasData: (list) => list.length > 0 },
		);
		expect(state).toEqual({ status: 'success', data: ['a', 2], isStale: true });
		expect(asked).toEqual([['getList', 'a', 2]]);
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
