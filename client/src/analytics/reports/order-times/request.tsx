/**
 * One GET of an Abacus analysis with its state (loading, ready, error with Retry, or "needs the
 * Abacus engine" when WordPress has no such route).
 */
import { useEffect, useState } from 'react';
import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { fetchWithHeaders } from '@abacus/data';
import { apiFetch } from '../../../base/api-fetch.js';
import { useEngineFailed, useReportsRefresh } from '../../../engine/index.js';
import { EngineWaiting } from '../../../engine/notice.js';

export type Load<T> =
	| { state: 'loading' }
	| { state: 'ready'; data: T; total?: number }
	| { state: 'error'; message: string }
	| { state: 'needs-engine' };

function errorMessage(error: unknown, fallback: string): string {
	const message = (error as { message?: unknown } | null)?.message;
	return typeof message === 'string' && message ? message : fallback;
}

const isNoRoute = (error: unknown): boolean =>
	(error as { code?: unknown } | null)?.code === 'rest_no_route';

export function useRequest<T>(path: string | null, attempt: number, withTotal = false): Load<T> {
	const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
	// The engine banner's Retry (refreshReports) asks again too.
	const refreshes = useReportsRefresh();
	useEffect(() => {
		if (!path) return undefined;
		let live = true;
		setLoad({ state: 'loading' });
		const request = withTotal
			? fetchWithHeaders<T>({ path }).then(({ data, headers }) => ({
					data,
					total: Number(headers.get('x-wp-total') ?? 0),
				}))
			: apiFetch<T>({ path }).then((data) => ({ data, total: undefined }));
		request.then(
			({ data, total }) => live && setLoad({ state: 'ready', data, total }),
			(error: unknown) => {
				if (!live) return;
				if (isNoRoute(error)) setLoad({ state: 'needs-engine' });
				else
					setLoad({
						state: 'error',
						message: errorMessage(
							error,
							__('The figures could not be loaded.', 'abacus'),
						),
					});
			},
		);
		return () => {
			live = false;
		};
	}, [path, attempt, withTotal, refreshes]);
	return load;
}

/** A failed request's message and Retry; while the engine has failed, EngineWaiting instead. */
export function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
	const engineFailed = useEngineFailed();
	if (engineFailed) return <EngineWaiting />;
	return (
		<Notice status="error" isDismissible={false}>
			<p>{message}</p>
			<Button variant="secondary" onClick={onRetry}>
				{__('Retry', 'abacus')}
			</Button>
		</Notice>
	);
}
