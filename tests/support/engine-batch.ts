/**
 * The engine middleware sends the report GETs of one task as one request
 * (`<engine>/wp-json/abacus/v1/engine/batch?path=…`, client/src/engine/batch.ts). Tests that
 * watch a page's report answers see each path of a batch as its own answer here.
 */

export interface PathAnswer {
	/** The path's own address on the engine (`<engine>/wp-json/wc-analytics/…`). */
	url: string;
	status: number;
	/** The path's parsed JSON answer (null when it has none). */
	body: unknown;
}

/**
 * The answers inside a batch answer (`url` and its parsed `body`), or null when `url` is no
 * batch (the caller keeps the answer as it is).
 */
export function batchAnswers(url: string, status: number, body: unknown): PathAnswer[] | null {
	const parsed = new URL(url);
	if (!parsed.pathname.endsWith('/wp-json/abacus/v1/engine/batch')) return null;
	const answers =
		(body as { responses?: Array<{ status: number; body: string }> } | null)?.responses ?? [];
	return parsed.searchParams.getAll('path').map((path, index) => {
		const answer = answers[index];
		let parsedBody: unknown = null;
		try {
			parsedBody = answer ? (JSON.parse(answer.body) as unknown) : null;
		} catch {
			parsedBody = null;
		}
		return {
			url: `${parsed.origin}${path}`,
			status: answer?.status ?? status,
			body: parsedBody,
		};
	});
}

/** The report addresses a request asks for: each path of a batch, else its own address. */
export function askedAddresses(url: string): string[] {
	const parsed = new URL(url);
	if (!parsed.pathname.endsWith('/wp-json/abacus/v1/engine/batch')) return [url];
	return parsed.searchParams.getAll('path').map((path) => `${parsed.origin}${path}`);
}
