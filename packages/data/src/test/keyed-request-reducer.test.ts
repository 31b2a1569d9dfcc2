import {
	createErrorsByKeyReducer,
	createKeyedRequestReducer,
	getKeyError,
	isKeyRequesting,
	type KeyedRequestState,
} from '../keyed-request-reducer.js';

type Action =
	| { type: 'SET_IS_REQUESTING'; selector: string; isRequesting: boolean; args?: unknown }
	| { type: 'SET_ERROR'; selector: string; error: { message: string }; args?: unknown }
	| { type: 'LIST_ARRIVED' }
	| { type: 'OTHER' };

const error = { code: 'broken', message: 'Broken' };

function run(
	reducer: (state: KeyedRequestState | undefined, action: Action) => KeyedRequestState,
	actions: Action[],
): KeyedRequestState {
	return actions.reduce<KeyedRequestState | undefined>(
		(state, action) => reducer(state, action),
		undefined,
	) as KeyedRequestState;
}

describe('createKeyedRequestReducer', () => {
	const reducer = createKeyedRequestReducer<Action>();

	it('tracks an operation from start to error, and a new start clears the error', () => {
		let state = run(reducer, [
			{ type: 'SET_IS_REQUESTING', selector: 'save', isRequesting: true },
		]);
		expect(isKeyRequesting(state, 'save')).toBe(true);
		state = reducer(state, { type: 'SET_ERROR', selector: 'save', error });
		expect(isKeyRequesting(state, 'save')).toBe(false);
		expect(getKeyError(state, 'save')).toEqual(error);
		state = reducer(state, { type: 'SET_IS_REQUESTING', selector: 'save', isRequesting: true });
		expect(getKeyError(state, 'save')).toBe(false);
		expect(isKeyRequesting(state, 'save')).toBe(true);
	});

	it('keeps the error when an operation is marked as ended', () => {
		const state = run(reducer, [
			{ type: 'SET_ERROR', selector: 'save', error },
			{ type: 'SET_IS_REQUESTING', selector: 'save', isRequesting: false },
		]);
		expect(getKeyError(state, 'save')).toEqual(error);
	});

	it('returns the same state for unrelated actions and knows nothing of unknown keys', () => {
		const state = run(reducer, [{ type: 'SET_ERROR', selector: 'a', error }]);
		expect(reducer(state, { type: 'OTHER' })).toBe(state);
		expect(isKeyRequesting(state, 'constructor')).toBe(false);
		expect(getKeyError(state, 'toString')).toBe(false);
	});

	it('keys by the given function and settles keys on other actions', () => {
		const keyed = createKeyedRequestReducer<Action>({
			keyOf: (action) => `${action.selector}|${JSON.stringify(action.args)}`,
			settles: { LIST_ARRIVED: ['fetch|undefined'] },
		});
		let state = run(keyed, [
			{ type: 'SET_IS_REQUESTING', selector: 'export', args: { a: 1 }, isRequesting: true },
			{ type: 'SET_ERROR', selector: 'export', args: { a: 2 }, error },
			{ type: 'SET_IS_REQUESTING', selector: 'fetch', isRequesting: true },
		]);
		expect(isKeyRequesting(state, 'export|{"a":1}')).toBe(true);
		expect(getKeyError(state, 'export|{"a":1}')).toBe(false);
		expect(getKeyError(state, 'export|{"a":2}')).toEqual(error);
		state = keyed(state, { type: 'SET_ERROR', selector: 'fetch', error });
		state = keyed(state, { type: 'LIST_ARRIVED' });
		expect(isKeyRequesting(state, 'fetch|undefined')).toBe(false);
		expect(getKeyError(state, 'fetch|undefined')).toBe(false);
		expect(isKeyRequesting(state, 'export|{"a":1}')).toBe(true);
	});
});

describe('createErrorsByKeyReducer', () => {
	type QueryAction =
		| { type: 'FAILED'; query: string; error: { message: string } }
		| { type: 'ANSWERED'; queries: string[] }
		| { type: 'OTHER' };
	const errors = createErrorsByKeyReducer<QueryAction>((action) => {
		if (action.type === 'FAILED') return { keys: [action.query], error: action.error };
		return action.type === 'ANSWERED' ? { keys: action.queries } : null;
	});
	const broken = { message: 'Broken' };

	it('keeps the last error of each key until that key is answered', () => {
		let state = errors(undefined, { type: 'FAILED', query: 'a', error: broken });
		state = errors(state, { type: 'FAILED', query: 'b', error: { message: 'Later' } });
		expect(state).toEqual({ a: broken, b: { message: 'Later' } });
		state = errors(state, { type: 'ANSWERED', queries: ['a'] });
		expect(state).toEqual({ b: { message: 'Later' } });
	});

	it('returns the same state when nothing changes', () => {
		const state = errors(undefined, { type: 'FAILED', query: 'a', error: broken });
		expect(errors(state, { type: 'OTHER' })).toBe(state);
		expect(errors(state, { type: 'ANSWERED', queries: ['z'] })).toBe(state);
	});
});
