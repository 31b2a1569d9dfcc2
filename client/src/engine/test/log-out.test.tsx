/**
 * The engine's signed-in operator: the page names them and "Log out" (a keyboard-reachable
 * button) ends the session on the engine, then loads the admin page (the sign-in form); a refusal
 * says so and leaves the button usable.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { apiFetch } from '../../base/api-fetch.js';
import { LOGOUT_PATH, LogOut, readSession } from '../operator.js';

it('reads only a well-formed session setting', () => {
	expect(readSession(undefined)).toBeNull();
	expect(readSession({ name: '' })).toBeNull();
	expect(readSession({ name: 3 })).toBeNull();
	expect(readSession({ name: 'ops', extra: 1 })).toEqual({ name: 'ops' });
});

it('logs out with the keyboard: POSTs the logout route, then loads the sign-in page', async () => {
	const requests: Array<{ path: string; method: string }> = [];
	let refuse = true;
	apiFetch.setFetchHandler(async (options) => {
		requests.push({
			path: String(options.path ?? options.url),
			method: String(options.method),
		});
		if (refuse) throw { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed' };
		return { logged_out: true };
	});
	const loaded: string[] = [];
	render(<LogOut session={{ name: 'ops' }} onNavigate={(address) => loaded.push(address)} />);
	expect(screen.getByText('Signed in as ops')).toBeInTheDocument();
	const user = userEvent.setup();
	await user.tab();
	const button = screen.getByRole('button', { name: 'Log out' });
	expect(button).toHaveFocus();
	await user.keyboard('{Enter}');
	expect(await screen.findByRole('alert')).toHaveTextContent('did not log you out');
	expect(loaded).toEqual([]);
	refuse = false;
	await user.keyboard('{Enter}');
	await waitFor(() => expect(loaded).toEqual(['/wp-admin/admin.php?page=abacus']));
	expect(requests.map((r) => r.method)).toEqual(['POST', 'POST']);
	expect(requests[0].path).toContain(LOGOUT_PATH);
});
