/**
 * Order statuses (without the `wc-` prefix) and their labels.
 */
export const ORDER_STATUSES: Readonly<Record<string, string>> = {
	pending: 'Pending payment',
	processing: 'Processing',
	'on-hold': 'On hold',
	completed: 'Completed',
	cancelled: 'Cancelled',
	refunded: 'Refunded',
	failed: 'Failed',
};

/** Currency code → symbol for the currencies the store offers. */
export const CURRENCIES: Readonly<Record<string, { name: string; symbol: string }>> = {
	USD: { name: 'United States (US) dollar', symbol: '$' },
	EUR: { name: 'Euro', symbol: '€' },
	GBP: { name: 'Pound sterling', symbol: '£' },
	JPY: { name: 'Japanese yen', symbol: '¥' },
	CAD: { name: 'Canadian dollar', symbol: '$' },
	AUD: { name: 'Australian dollar', symbol: '$' },
	CHF: { name: 'Swiss franc', symbol: 'CHF' },
	INR: { name: 'Indian rupee', symbol: '₹' },
	BRL: { name: 'Brazilian real', symbol: 'R$' },
	NZD: { name: 'New Zealand dollar', symbol: '$' },
	SEK: { name: 'Swedish krona', symbol: 'kr' },
	ZAR: { name: 'South African rand', symbol: 'R' },
};
