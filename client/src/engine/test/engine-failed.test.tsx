/**
 * With the engine chosen and failed, one message and one Retry: the banner says why, the report
 * sections below show a quiet line without an error or a Retry of their own, and the banner's Retry
 * asks again for every section, the pages' own requests (useRequest) included.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { ReportError } from '../../analytics/components/report-error.js';
import { Failure, useRequest } from '../../analytics/reports/order-times/request.js';
import { engineClient } from '../index.js';
import { EngineNotice } from '../notice.js';
import { stubApiFetch } from '../../screens/test/harness.js';

jest.setTimeout(30000);

const ENGINE = {
	url: 'http://127.0.0.1:9',
	store: 'http://shop.example',
	token: 't0',
	expires: 2_000_000_000,
	tokenRoute: '/abacus/v1/engine/token',
};

function OwnRequest() {
	const load = useRequest<{ n: number }>('/wc-analytics/reports/order-times', 0);
	return <p>{load.state}</p>;
}

afterEach(() => {
	engineClient.configure(null);
});

it('shows one message and one Retry for the failed engine, and Retry asks every section again', async () => {
	const calls = stubApiFetch(() => ({ body: { n: 1 } }));
	engineClient.configure(ENGINE);
	act(() => engineClient.reportFailure('unreachable', 'connect ECONNREFUSED'));
	render(
		<>
			<EngineNotice />
			<ReportError title="The summary numbers could not be loaded." />
			<ReportError title="The chart could not be loaded." />
			<Failure message="The figures could not be loaded." onRetry={() => undefined} />
			<OwnRequest />
		</>,
	);
	expect(screen.getAllByRole('alert')).toHaveLength(1);
	expect(screen.getByRole('alert')).toHaveTextContent('The Abacus engine is unreachable');
	expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
	expect(document.body.textContent).not.toContain('Check your connection');
	expect(document.body.textContent).not.toContain('could not be loaded');
	expect(screen.getAllByText('Shown once the Abacus engine answers (see above).')).toHaveLength(
		3,
	);
	await screen.findByText('ready');
	const asked = calls.filter((call) => call.route.includes('order-times')).length;
	expect(asked).toBe(1);

	await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
	await waitFor(() =>
		expect(calls.filter((call) => call.route.includes('order-times')).length).toBe(2),
	);
	// The engine is in use again: a section that fails now says so itself.
	expect(screen.queryByRole('button', { name: "Use WooCommerce's figures" })).toBeNull();
	expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(3);
});

it('without a failed engine, each section keeps its own error and Retry', () => {
	stubApiFetch(() => ({ body: {} }));
	render(
		<>
			<ReportError title="The summary numbers could not be loaded." />
			<Failure message="The figures could not be loaded." onRetry={() => undefined} />
		</>,
	);
	expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
	expect(screen.getByText('The summary numbers could not be loaded.')).toBeInTheDocument();
});
