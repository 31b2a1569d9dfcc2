/**
 * After settings that shape figures were saved with the engine chosen, the report pages say
 * "Recomputing" until the engine has read them, then ask for the reports again.
 */
import { act, render, screen } from '@testing-library/react';

import { EngineClient, readEngineSettings, type EngineSettings } from '../client.js';
import { EngineRecomputing, isRecomputing } from '../recomputing.js';

const SAVED = '2026-11-28T10:00:00.000Z';
const NOW = Date.parse(SAVED) + 5000;

function engine(settingsChange: EngineSettings['settingsChange']): EngineClient {
	return new EngineClient(
		{
			url: 'http://127.0.0.1:18555',
			store: 'http://127.0.0.1:18431',
			token: 'page-token',
			expires: Math.floor(NOW / 1000) + 900,
			tokenRoute: '/abacus/v1/engine/token',
			settingsChange,
		},
		{ renew: () => Promise.reject(new Error('not used')), storage: null },
	);
}

const status = (pending: boolean, readAt: string | null = null) => ({
	stores: [{ id: 'http://127.0.0.1:18431', settings: { pending, readAt } }],
});

test('says "Recomputing" while the engine reads the saved settings, then refreshes the reports', async () => {
	const answers = [status(true), status(true), status(false, SAVED)];
	const fetchStatus = jest.fn(async () => answers.shift() ?? status(false, SAVED));
	const onDone = jest.fn();
	render(
		<EngineRecomputing
			client={engine({ at: SAVED, notified: true })}
			fetchStatus={fetchStatus}
			onDone={onDone}
			pollMs={5}
			now={() => NOW}
		/>,
	);
	expect(await screen.findByRole('status')).toHaveTextContent(/Recomputing/);
	expect(await screen.findByText('The figures now follow the settings you saved.')).toBeVisible();
	expect(onDone).toHaveBeenCalledTimes(1);
	expect(fetchStatus).toHaveBeenCalledTimes(3);
});

test('says nothing when the engine had read them already, or the save is old', async () => {
	const fetchStatus = jest.fn(async () => status(false, SAVED));
	const onDone = jest.fn();
	const { container } = render(
		<EngineRecomputing
			client={engine({ at: SAVED, notified: true })}
			fetchStatus={fetchStatus}
			onDone={onDone}
			pollMs={5}
			now={() => NOW}
		/>,
	);
	await act(async () => {
		await new Promise((resolve) => setTimeout(resolve, 30));
	});
	expect(fetchStatus).toHaveBeenCalledTimes(1);
	expect(container).toBeEmptyDOMElement();
	expect(onDone).not.toHaveBeenCalled();

	const old = jest.fn(async () => status(true));
	render(
		<EngineRecomputing
			client={engine({ at: SAVED, notified: true })}
			fetchStatus={old}
			pollMs={5}
			now={() => NOW + 60 * 60 * 1000}
		/>,
	);
	await act(async () => {
		await new Promise((resolve) => setTimeout(resolve, 30));
	});
	expect(old).not.toHaveBeenCalled();
});

test('a save made on this page (the settings screen) starts the notice', async () => {
	const client = engine(null);
	const fetchStatus = jest.fn(async () => status(true));
	render(
		<EngineRecomputing client={client} fetchStatus={fetchStatus} pollMs={50} now={() => NOW} />,
	);
	expect(fetchStatus).not.toHaveBeenCalled();
	act(() => client.noteSettingsChange({ at: SAVED, notified: true }));
	expect(await screen.findByRole('status')).toHaveTextContent(/Recomputing/);
});

test('a save made on this page says when the figures follow it, even when read at once', async () => {
	const client = engine(null);
	const onDone = jest.fn();
	render(
		<EngineRecomputing
			client={client}
			fetchStatus={async () => status(false, SAVED)}
			onDone={onDone}
			pollMs={5}
			now={() => NOW}
		/>,
	);
	act(() => client.noteSettingsChange({ at: SAVED, notified: true, local: true }));
	expect(await screen.findByText('The figures now follow the settings you saved.')).toBeVisible();
	expect(onDone).toHaveBeenCalledTimes(1);
});

test('without the notice, the engine must have read settings after the save', () => {
	const unsent = { at: SAVED, notified: false };
	expect(isRecomputing(unsent, { pending: false, readAt: null })).toBe(true);
	expect(isRecomputing(unsent, { pending: false, readAt: '2026-11-28T09:59:00.000Z' })).toBe(
		true,
	);
	expect(isRecomputing(unsent, { pending: false, readAt: '2026-11-28T10:00:30.000Z' })).toBe(
		false,
	);
	expect(isRecomputing({ at: SAVED, notified: true }, { pending: false, readAt: null })).toBe(
		false,
	);
});

test('the page settings keep a well-formed change only', () => {
	const base = {
		url: 'http://127.0.0.1:18555/',
		store: 's',
		token: 't',
		expires: 1,
		tokenRoute: '/r',
	};
	expect(
		readEngineSettings({ ...base, settingsChange: { at: SAVED, notified: true } })
			?.settingsChange,
	).toEqual({ at: SAVED, notified: true });
	expect(
		readEngineSettings({ ...base, settingsChange: { at: 'yesterday' } })?.settingsChange,
	).toBeNull();
});
