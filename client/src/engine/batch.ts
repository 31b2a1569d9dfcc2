/**
 * The report GETs a page sends the engine in one task go as one request,
 * `GET <engine>/wp-json/abacus/v1/engine/batch?path=…&path=…` (server/src/engine-auth/batch.ts):
 * each GET to the engine's origin with the page's token costs the browser a CORS preflight (kept
 * per address, and each page of a chart has its own), and the preflights share the browser's six
 * connections to the engine with the requests. Each caller gets its own answer as a `Response`, as
 * if it had been sent alone; a batch refused for its token or origin (401, 403) gives each caller
 * that answer (an expired token is then renewed by each, as alone); a network failure fails each;
 * an engine that answers a batch otherwise (404 on one without the route, a failure) is sent the
 * requests one by one from then on.
 */

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The most paths one batch carries (the engine answers up to 24; this keeps its address short). */
export const BATCH_MAX_PATHS = 12;

/** The longest a batch's query may be (servers refuse request lines beyond 8 or 16 KB). */
const BATCH_MAX_QUERY = 6000;

const BATCH_PATH = '/wp-json/abacus/v1/engine/batch';

interface Waiting {
	path: string;
	init: RequestInit;
	resolve: (response: Response) => void;
	reject: (error: unknown) => void;
}

interface SubAnswer {
	status: number;
	headers: Record<string, string>;
	body: string;
}

function isSubAnswer(value: unknown): value is SubAnswer {
	if (value === null || typeof value !== 'object') return false;
	const { status, headers, body } = value as Record<string, unknown>;
	return (
		Number.isInteger(status) &&
		(status as number) >= 200 &&
		(status as number) <= 599 &&
		headers !== null &&
		typeof headers === 'object' &&
		Object.values(headers as Record<string, unknown>).every((v) => typeof v === 'string') &&
		typeof body === 'string'
	);
}

function aborted(): DOMException {
	return new DOMException('The request was aborted.', 'AbortError');
}

/** A sub-answer as the `Response` its request would have had. */
function toResponse({ status, headers, body }: SubAnswer): Response {
	return new Response(status === 204 || status === 304 ? null : body, { status, headers });
}

/**
 * A fetch of `<engine><path>` (GET) that joins the calls of one task to the same engine with the
 * same `Authorization` into batches.
 */
export function createBatchingFetch(
	fetchImpl: Fetch,
): (engineUrl: string, path: string, init: RequestInit) => Promise<Response> {
	const queues = new Map<string, { engineUrl: string; init: RequestInit; waiting: Waiting[] }>();
	/** Engines that could not answer a batch (404 without the route, a failure): one at a time. */
	const withoutBatch = new Set<string>();

	const alone = (engineUrl: string, entry: Waiting): void => {
		fetchImpl(`${engineUrl}${entry.path}`, entry.init).then(entry.resolve, entry.reject);
	};

	const sendBatch = async (engineUrl: string, init: RequestInit, entries: Waiting[]) => {
		if (entries.length === 1) {
			alone(engineUrl, entries[0]);
			return;
		}
		const query = entries.map((entry) => `path=${encodeURIComponent(entry.path)}`).join('&');
		let response: Response;
		try {
			response = await fetchImpl(`${engineUrl}${BATCH_PATH}?${query}`, {
				method: 'GET',
				headers: init.headers,
				credentials: init.credentials,
			});
		} catch (error) {
			for (const entry of entries) entry.reject(error);
			return;
		}
		// The token or the page's origin refused: each caller gets that answer, as alone (an
		// expired token is renewed by each).
		if (response.status === 401 || response.status === 403) {
			const copies = entries.map(() => response.clone());
			entries.forEach((entry, index) => entry.resolve(copies[index]));
			return;
		}
		// Anything else but an answer (no such route on an older engine, a batch it could not
		// run): the requests one by one, and from then on.
		if (!response.ok) {
			withoutBatch.add(engineUrl);
			for (const entry of entries) alone(engineUrl, entry);
			return;
		}
		let answers: unknown;
		try {
			answers = ((await response.json()) as { responses?: unknown }).responses;
		} catch {
			answers = undefined;
		}
		if (
			!Array.isArray(answers) ||
			answers.length !== entries.length ||
			!answers.every(isSubAnswer)
		) {
			const error = new TypeError("The engine's answer to several requests is malformed.");
			for (const entry of entries) entry.reject(error);
			return;
		}
		entries.forEach((entry, index) => entry.resolve(toResponse(answers[index] as SubAnswer)));
	};

	const flush = (key: string): void => {
		const queue = queues.get(key);
		queues.delete(key);
		if (!queue) return;
		const entries = queue.waiting.filter((entry) => {
			if (!entry.init.signal?.aborted) return true;
			entry.reject(aborted());
			return false;
		});
		// Batches of at most BATCH_MAX_PATHS paths and BATCH_MAX_QUERY characters (a longer path
		// goes alone).
		let batch: Waiting[] = [];
		let length = 0;
		for (const entry of entries) {
			const size = encodeURIComponent(entry.path).length + 6;
			if (
				batch.length === BATCH_MAX_PATHS ||
				(batch.length > 0 && length + size > BATCH_MAX_QUERY)
			) {
				void sendBatch(queue.engineUrl, queue.init, batch);
				batch = [];
				length = 0;
			}
			batch.push(entry);
			length += size;
		}
		if (batch.length > 0) void sendBatch(queue.engineUrl, queue.init, batch);
	};

	return (engineUrl, path, init) =>
		new Promise<Response>((resolve, reject) => {
			if (init.signal?.aborted) {
				reject(aborted());
				return;
			}
			// A caller whose request is given up (its time out) is answered with that at once.
			let settled = false;
			const entry: Waiting = {
				path,
				init,
				resolve: (response) => {
					if (!settled) resolve(response);
					settled = true;
				},
				reject: (error) => {
					if (!settled) reject(error);
					settled = true;
				},
			};
			init.signal?.addEventListener('abort', () => entry.reject(aborted()), { once: true });
			if (withoutBatch.has(engineUrl)) {
				alone(engineUrl, entry);
				return;
			}
			const authorization = new Headers(init.headers).get('Authorization') ?? '';
			const key = `${engineUrl}\n${authorization}`;
			const queue = queues.get(key);
			if (queue) {
				queue.waiting.push(entry);
				return;
			}
			queues.set(key, { engineUrl, init, waiting: [entry] });
			setTimeout(() => flush(key), 0);
		});
}
