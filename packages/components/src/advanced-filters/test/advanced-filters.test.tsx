import { fireEvent, render, screen, within } from '@testing-library/react';
import { getHistory, resetHistory } from '@abacus/navigation';

import { AdvancedFilters } from '../index.js';
import type { AdvancedFiltersConfigProp } from '../index.js';

const config: AdvancedFiltersConfigProp = {
	title: 'Orders match {{select /}} filters',
	filters: {
		status: {
			labels: {
				add: 'Order status',
				remove: 'Remove order status filter',
				rule: 'Select an order status filter match',
				title: 'Order status',
				filter: 'Select an order status',
			},
			rules: [
				{ value: 'is', label: 'Is' },
				{ value: 'is_not', label: 'Is Not' },
			],
			input: {
				component: 'SelectControl',
				options: [
					{ value: 'pending', label: 'Pending' },
					{ value: 'completed', label: 'Completed' },
				],
				defaultOption: 'completed',
			},
		},
		amount: {
			labels: {
				add: 'Order total',
				remove: 'Remove order total filter',
				rule: 'Select an order total filter match',
				title: 'Order total',
				filter: 'Order total',
			},
			rules: [
				{ value: 'lessthan', label: 'Less Than' },
				{ value: 'between', label: 'Between' },
			],
			input: { component: 'Currency' },
		},
		registered: {
			labels: {
				add: 'Registered',
				remove: 'Remove registered filter',
				rule: 'Select a registered filter match',
				title: 'Registered',
				filter: 'Registered',
			},
			rules: [
				{ value: 'before', label: 'Before' },
				{ value: 'between', label: 'Between' },
			],
			input: { component: 'Date' },
			allowMultiple: true,
		},
	},
};

const path = '/analytics/orders';

function searchParams() {
	return new URLSearchParams(getHistory().location.search);
}

function addFilter(label: string) {
	fireEvent.click(screen.getByRole('button', { name: 'Add a Filter' }));
	fireEvent.click(screen.getByRole('menuitem', { name: label }));
}

describe('AdvancedFilters', () => {
	beforeEach(() => {
		window.history.replaceState({}, '', '/wp-admin/admin.php?page=abacus');
		resetHistory();
	});

	it('shows the All/Any selector in the title and the lines of the query', () => {
		render(
			<AdvancedFilters
				config={config}
				path={path}
				query={{ filter: 'advanced', status_is_not: 'pending', match: 'any' }}
			/>,
		);
		const heading = screen.getByRole('heading', { name: /Orders match/ });
		expect(
			within(heading).getByRole('combobox', { name: 'Match all or any of the filters' }),
		).toHaveValue('any');
		expect(
			screen.getByRole('combobox', { name: 'Select an order status filter match' }),
		).toHaveValue('is_not');
		expect(screen.getByRole('combobox', { name: 'Select an order status' })).toHaveValue(
			'Pending',
		);
		// The query as it is: nothing to apply.
		expect(screen.getByRole('button', { name: 'Filter' })).toBeDisabled();
	});

	it('reads each line as a sentence: the rule and the value in the places the title gives', () => {
		const sentences: AdvancedFiltersConfigProp = {
			...config,
			filters: {
				status: {
					...config.filters.status,
					labels: {
						...config.filters.status.labels,
						title: 'Order status {{rule /}} {{filter /}}',
					},
				},
				customer_type: {
					labels: {
						add: 'Customer type',
						remove: 'Remove customer filter',
						rule: 'Select a customer filter match',
						title: 'Customer is {{filter /}}',
						filter: 'Select a customer type',
					},
					rules: [],
					input: {
						component: 'SelectControl',
						options: [{ value: 'new', label: 'New' }],
						defaultOption: 'new',
					},
				},
			},
		};
		render(
			<AdvancedFilters
				config={sentences}
				path={path}
				query={{ filter: 'advanced', status_is: 'pending', customer_type: 'new' }}
			/>,
		);
		expect(screen.queryByText(/\{\{/)).not.toBeInTheDocument();
		const [status, customer] = screen.getAllByRole('listitem');
		expect(status).toHaveTextContent(/^Order status/);
		const title = status.querySelector('.abacus-advanced-filters__line-title') as HTMLElement;
		expect(
			within(title).getByRole('combobox', { name: 'Select an order status filter match' }),
		).toHaveValue('is');
		expect(within(title).getByRole('combobox', { name: 'Select an order status' })).toHaveValue(
			'Pending',
		);
		expect(customer).toHaveTextContent(/^Customer is/);
		expect(
			within(customer).getByRole('combobox', { name: 'Select a customer type' }),
		).toHaveValue('New');
	});

	it('adds a filter with its first rule and default option, focuses it, and only once', () => {
		render(<AdvancedFilters config={config} path={path} query={{ filter: 'advanced' }} />);
		expect(screen.getByRole('button', { name: 'Filter' })).toBeDisabled();
		addFilter('Order status');
		const rule = screen.getByRole('combobox', { name: 'Select an order status filter match' });
		expect(rule).toHaveValue('is');
		expect(screen.getByRole('combobox', { name: 'Select an order status' })).toHaveValue(
			'Completed',
		);
		expect(rule.closest('li')).toContainElement(document.activeElement as HTMLElement);
		fireEvent.click(screen.getByRole('button', { name: 'Add a Filter' }));
		expect(screen.queryByRole('menuitem', { name: 'Order status' })).not.toBeInTheDocument();
		// Several-instance filters stay available.
		fireEvent.click(screen.getByRole('menuitem', { name: 'Registered' }));
		addFilter('Registered');
		expect(
			screen.getAllByRole('combobox', { name: 'Select a registered filter match' }),
		).toHaveLength(2);
	});

	it('applies the filters with match, and leaves match out when all', () => {
		const onAction = jest.fn();
		render(
			<AdvancedFilters
				config={config}
				path={path}
				query={{ filter: 'advanced' }}
				onAdvancedFilterAction={onAction}
			/>,
		);
		addFilter('Order status');
		fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
		let params = searchParams();
		expect(params.get('status_is')).toBe('completed');
		expect(params.get('filter')).toBe('advanced');
		expect(params.get('path')).toBe(path);
		expect(params.has('match')).toBe(false);
		fireEvent.change(
			screen.getByRole('combobox', { name: 'Match all or any of the filters' }),
			{
				target: { value: 'any' },
			},
		);
		fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
		params = searchParams();
		expect(params.get('match')).toBe('any');
		expect(onAction).toHaveBeenCalledWith('filter', expect.objectContaining({ match: 'any' }));
	});

	it('collapses a range to its first value for other rules and ignores a half range', () => {
		render(<AdvancedFilters config={config} path={path} query={{ filter: 'advanced' }} />);
		addFilter('Order total');
		const rule = screen.getByRole('combobox', { name: 'Select an order total filter match' });
		fireEvent.change(rule, { target: { value: 'between' } });
		fireEvent.change(screen.getByLabelText('Order total range start'), {
			target: { value: '10' },
		});
		// Only one end: nothing to apply.
		expect(screen.getByRole('button', { name: 'Filter' })).toBeDisabled();
		fireEvent.change(screen.getByLabelText('Order total range end'), {
			target: { value: '50' },
		});
		expect(screen.getByRole('button', { name: 'Filter' })).toBeEnabled();
		fireEvent.change(rule, { target: { value: 'lessthan' } });
		expect(screen.getByLabelText('Order total')).toHaveValue(10);
		fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
		expect(searchParams().get('amount_lessthan')).toBe('10');
	});

	it('updates a date range only when both dates are valid', () => {
		render(<AdvancedFilters config={config} path={path} query={{ filter: 'advanced' }} />);
		addFilter('Registered');
		fireEvent.change(
			screen.getByRole('combobox', { name: 'Select a registered filter match' }),
			{
				target: { value: 'between' },
			},
		);
		fireEvent.change(screen.getByLabelText('Registered range start'), {
			target: { value: '01/05/2020' },
		});
		fireEvent.change(screen.getByLabelText('Registered range end'), {
			target: { value: 'nope' },
		});
		expect(screen.getByRole('alert')).toHaveTextContent('Invalid date');
		expect(screen.getByRole('button', { name: 'Filter' })).toBeDisabled();
		fireEvent.change(screen.getByLabelText('Registered range end'), {
			target: { value: '02/05/2020' },
		});
		fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
		// A several-instance filter: one pair per line.
		const params = searchParams();
		expect(params.get('registered_between[0][0]')).toBe('2020-01-05');
		expect(params.get('registered_between[0][1]')).toBe('2020-02-05');
	});

	it('removing the last filter and clearing all go to the address without filters', () => {
		const { unmount } = render(
			<AdvancedFilters
				config={config}
				path={path}
				query={{ filter: 'advanced', status_is: 'pending', match: 'any' }}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Remove order status filter' }));
		let params = searchParams();
		expect(params.has('status_is')).toBe(false);
		expect(params.has('match')).toBe(false);
		expect(params.get('filter')).toBe('advanced');
		unmount();
		render(
			<AdvancedFilters
				config={config}
				path={path}
				query={{ filter: 'advanced', status_is: 'pending', match: 'any' }}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
		params = searchParams();
		expect(params.has('status_is')).toBe(false);
		expect(params.has('match')).toBe(false);
		expect(
			screen.getByRole('combobox', { name: 'Match all or any of the filters' }),
		).toHaveValue('all');
		expect(screen.getByRole('button', { name: 'Filter' })).toBeDisabled();
	});

	it('searches the options a page loads itself and names picked values', async () => {
		const loadOptions = jest.fn((search: string) =>
			Promise.resolve(
				[
					{ value: 'stripe', label: 'Card (Stripe)' },
					{ value: 'ideal', label: 'iDEAL' },
				].filter((o) => o.label.toLowerCase().includes(search.toLowerCase())),
			),
		);
		const getLabels = jest.fn((ids: string) =>
			Promise.resolve(ids.split(',').map((key) => ({ key, label: `Name of ${key}` }))),
		);
		const gateway: AdvancedFiltersConfigProp = {
			title: 'Orders match {{select /}} filters',
			filters: {
				gateway: {
					labels: {
						add: 'Payment method',
						remove: 'Remove payment method filter',
						rule: 'Select a payment method filter match',
						title: 'Payment method {{rule /}} {{filter /}}',
						filter: 'Type to search for a payment method',
					},
					rules: [
						{ value: 'includes', label: 'Is' },
						{ value: 'excludes', label: 'Is not' },
					],
					input: { component: 'Search', loadOptions, getLabels },
				},
			},
		};
		const { unmount } = render(
			<AdvancedFilters config={gateway} path={path} query={{ filter: 'advanced' }} />,
		);
		addFilter('Payment method');
		const input = screen.getByRole('combobox', { name: 'Type to search for a payment method' });
		fireEvent.focus(input);
		fireEvent.change(input, { target: { value: 'ide' } });
		const option = await screen.findByRole('option', { name: 'iDEAL' });
		expect(screen.queryByRole('option', { name: 'Card (Stripe)' })).toBeNull();
		expect(loadOptions).toHaveBeenCalledWith('ide');
		fireEvent.click(option);
		fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
		expect(searchParams().get('gateway_includes')).toBe('ideal');
		unmount();

		// A value of the address shows by its name.
		render(
			<AdvancedFilters
				config={gateway}
				path={path}
				query={{ filter: 'advanced', gateway_excludes: 'stripe' }}
			/>,
		);
		expect(await screen.findByText('Name of stripe')).toBeInTheDocument();
		expect(getLabels).toHaveBeenCalledWith('stripe');
	});
});
