/**
 * A fake `wp/v2/users/me` for the saved-views component tests: it keeps `abacus_saved_views` like
 * the server does (a JSON string), and can be told to refuse reads or writes.
 */
import { stubApiFetch, wpError, type Call } from '../../../screens/test/harness.js';
import { SAVED_VIEWS_PREFERENCE, type SavedView } from '../views.js';

export interface FakeUser {
	/** The stored preference (JSON string, '' when unset). */
	stored: string;
	/** The stored views, decoded. */
	views: () => SavedView[];
	/** Whether GET answers an error. */
	refuseReads: boolean;
	/** Whether POST/PUT answer an error. */
	refuseWrites: boolean;
	calls: Call[];
	/** The write requests made. */
	writes: () => Call[];
}

export function fakeUser(views: unknown[] = []): FakeUser {
	const user: FakeUser = {
		stored: views.length ? JSON.stringify(views) : '',
		views: () => (user.stored ? (JSON.parse(user.stored) as SavedView[]) : []),
		refuseReads: false,
		refuseWrites: false,
		calls: [],
		writes: () => user.calls.filter((call) => call.method !== 'GET'),
	};
	const body = () => ({
		id: 1,
		name: 'admin',
		capabilities: { view_woocommerce_reports: true },
		woocommerce_meta: { [SAVED_VIEWS_PREFERENCE]: user.stored, dashboard_sections: '' },
	});
	user.calls = stubApiFetch((call) => {
		if (call.route !== 'wp/v2/users/me') {
			return wpError(404, 'rest_no_route', 'No route was found.');
		}
		if (call.method === 'GET') {
			return user.refuseReads
				? wpError(500, 'db_down', 'The database is away.')
				: { body: body() };
		}
		if (user.refuseWrites) {
			return wpError(500, 'db_locked', 'The store is being updated.');
		}
		const meta = (call.data as { woocommerce_meta?: Record<string, string> }).woocommerce_meta;
		if (meta && typeof meta[SAVED_VIEWS_PREFERENCE] === 'string') {
			user.stored = meta[SAVED_VIEWS_PREFERENCE];
		}
		return { body: body() };
	});
	return user;
}
