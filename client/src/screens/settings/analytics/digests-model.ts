/**
 * The e-mail digests' model (`abacus/v1/digests`): the types the route answers and takes, and the
 * pure functions the list and the editor share: parsing the addresses typed, checking a draft,
 * the fields changed since loading, the schedule in words, and a new digest's first draft.
 */
import { __, sprintf } from '@wordpress/i18n';

export const DIGESTS_ROUTE = '/abacus/v1/digests';

export type Frequency = 'daily' | 'weekly' | 'monthly';
export type Comparison = 'previous_period' | 'previous_year';

export interface DigestFields {
	name: string;
	schedule: { frequency: Frequency; hour: number };
	recipients: { users: number[]; emails: string[] };
	figures: string[];
	comparison: Comparison;
	leaderboards: string[];
}

export interface DigestState {
	lastPeriod: string;
	lastSent: string | null;
	late: boolean;
	failure: { period: string; recipients: string[]; message: string; time: string } | null;
	unsubscribed: string[];
	nextSend: string | null;
	/** The same in the store's time zone and formats (the plugin's answer has them). */
	display?: {
		lastSent: string;
		nextSend: string;
		lastPeriod: string;
		failurePeriod: string;
	};
}

export interface Digest extends DigestFields {
	id: string;
	revision: number;
	state: DigestState;
}

export interface DigestsAnswer {
	digests: Digest[];
	users: Array<{ id: number; name: string; email: string }>;
	figures: Array<{ stat: string; label: string }>;
	leaderboards: Array<{ id: string; label: string }>;
	startOfWeek: number;
	timeZone: string;
	max: number;
}

/** The editor's messages beside its fields, by field. */
export type FieldErrors = Partial<Record<'name' | 'recipients' | 'figures', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses typed (one per line, or separated by commas), without blanks. */
export function parseAddresses(text: string): string[] {
	return text
		.split(/[\n,;]+/)
		.map((item) => item.trim())
		.filter((item) => item !== '');
}

/** What is wrong with a draft, by field (empty when nothing is). */
export function digestProblems(draft: DigestFields, addresses: string): FieldErrors {
	const errors: FieldErrors = {};
	const name = draft.name.trim();
	if (name === '' || name.length > 100) {
		errors.name = __('Give the digest a name of 1 to 100 characters.', 'abacus');
	}
	const emails = parseAddresses(addresses);
	const wrong = emails.find((email) => !EMAIL.test(email) || email.length > 254);
	if (wrong !== undefined) {
		errors.recipients = sprintf(
			/* translators: %s: the address typed. */
			__('"%s" is not an e-mail address (name@example.com).', 'abacus'),
			wrong,
		);
	} else if (draft.recipients.users.length + emails.length === 0) {
		errors.recipients = __(
			'Add at least one recipient: a user or an e-mail address.',
			'abacus',
		);
	} else if (draft.recipients.users.length + emails.length > 50) {
		errors.recipients = __('A digest has at most 50 recipients.', 'abacus');
	}
	if (draft.figures.length === 0) {
		errors.figures = __('Choose at least one figure.', 'abacus');
	}
	return errors;
}

/** The fields of `draft` that differ from `loaded`. */
export function changedFields(loaded: DigestFields, draft: DigestFields): Partial<DigestFields> {
	const changes: Partial<DigestFields> = {};
	for (const key of Object.keys(draft) as Array<keyof DigestFields>) {
		if (JSON.stringify(loaded[key]) !== JSON.stringify(draft[key])) {
			Object.assign(changes, { [key]: draft[key] });
		}
	}
	return changes;
}

/** An hour of the day, written "07:00". */
export function hourLabel(hour: number): string {
	return `${String(hour).padStart(2, '0')}:00`;
}

/** The weekday's name, 0 being Sunday (WordPress's `start_of_week`). */
export function weekdayName(day: number): string {
	const names = [
		__('Sunday', 'abacus'),
		__('Monday', 'abacus'),
		__('Tuesday', 'abacus'),
		__('Wednesday', 'abacus'),
		__('Thursday', 'abacus'),
		__('Friday', 'abacus'),
		__('Saturday', 'abacus'),
	];
	return names[((day % 7) + 7) % 7];
}

/** "Every Monday at 07:00" and its like. */
export function scheduleText(schedule: DigestFields['schedule'], startOfWeek: number): string {
	const hour = hourLabel(schedule.hour);
	if (schedule.frequency === 'daily') {
		/* translators: %s: hour, e.g. 07:00. */
		return sprintf(__('Every day at %s, for the day before', 'abacus'), hour);
	}
	if (schedule.frequency === 'weekly') {
		return sprintf(
			/* translators: 1: weekday, 2: hour. */
			__('Every %1$s at %2$s, for the week before', 'abacus'),
			weekdayName(startOfWeek),
			hour,
		);
	}
	/* translators: %s: hour. */
	return sprintf(__('On the 1st of every month at %s, for the month before', 'abacus'), hour);
}

/** A time of the answer that came without its display form, in the browser's locale. */
export function formatTime(iso: string | null): string {
	if (!iso) return '';
	const date = new Date(iso);
	return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** A new digest's first draft: weekly at 07:00, the usual figures, every leaderboard. */
export function newDraft(answer: DigestsAnswer): DigestFields {
	const preferred = [
		'revenue/net_revenue',
		'orders/orders_count',
		'orders/avg_order_value',
		'products/items_sold',
	];
	const allowed = answer.figures.map((figure) => figure.stat);
	const figures = preferred.filter((stat) => allowed.includes(stat));
	return {
		name: __('Weekly summary', 'abacus'),
		schedule: { frequency: 'weekly', hour: 7 },
		recipients: { users: [], emails: [] },
		figures: figures.length ? figures : allowed.slice(0, 4),
		comparison: 'previous_period',
		leaderboards: answer.leaderboards.map((board) => board.id),
	};
}

/** A digest's editable fields, copied (an edit never changes the digest loaded). */
export function fieldsOf(digest: Digest): DigestFields {
	return {
		name: digest.name,
		schedule: { ...digest.schedule },
		recipients: {
			users: [...digest.recipients.users],
			emails: [...digest.recipients.emails],
		},
		figures: [...digest.figures],
		comparison: digest.comparison,
		leaderboards: [...digest.leaderboards],
	};
}
