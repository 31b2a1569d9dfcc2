import { fireEvent, render, screen } from '@testing-library/react';

const mockViewport = { large: true };
jest.mock('@wordpress/compose', () => ({
	...jest.requireActual('@wordpress/compose'),
	useViewportMatch: () => mockViewport.large,
}));

import { SummaryList, SummaryListPlaceholder, SummaryNumber } from '../index.js';

const tiles = () => [
	<SummaryNumber
		key="net"
		label="Net sales"
		value="$1,200.00"
		prevValue="$1,000.00"
		prevLabel="Previous year:"
		delta={20}
		selected
	/>,
	<SummaryNumber
		key="refunds"
		label="Returns"
		value="$50.00"
		prevValue="$40.00"
		prevLabel="Previous year:"
		delta={25}
		reverseTrend
	/>,
	<SummaryNumber key="orders" label="Orders" prevLabel="Previous year:" delta={0} />,
];

describe('SummaryNumber and SummaryList', () => {
	beforeEach(() => {
		mockViewport.large = true;
	});

	it('shows values, previous values and trend sentences', () => {
		render(<SummaryList>{() => tiles()}</SummaryList>);
		expect(screen.getByRole('list', { name: 'Performance Indicators' })).toBeInTheDocument();
		expect(screen.getByText('$1,200.00')).toBeInTheDocument();
		expect(screen.getByLabelText('Up 20% from Previous year:')).toBeInTheDocument();
		expect(screen.getByLabelText('No change from Previous year:')).toBeInTheDocument();
		expect(screen.getAllByText('N/A')).toHaveLength(2);
	});

	it('marks a rise as good news, or bad news with reverseTrend', () => {
		render(<SummaryList>{() => tiles()}</SummaryList>);
		expect(screen.getByText('Net sales').closest('li')).toHaveClass(
			'is-good-trend',
			'is-selected',
		);
		expect(screen.getByText('Returns').closest('li')).toHaveClass('is-bad-trend');
	});

	it('shows a value up from nothing as "New", never as a percentage of 0', () => {
		render(
			<SummaryList>
				{() => [
					<SummaryNumber
						key="orders"
						label="Orders"
						value="32"
						prevValue="0"
						prevLabel="Previous year:"
						delta="new"
					/>,
					<SummaryNumber
						key="refunds"
						label="Refunds"
						value="$5.00"
						prevValue="$0.00"
						prevLabel="Previous year:"
						delta="new"
						reverseTrend
					/>,
				]}
			</SummaryList>,
		);
		const orders = screen.getByText('Orders').closest('li');
		expect(orders).toHaveClass('is-good-trend');
		expect(orders).not.toHaveTextContent('%');
		expect(orders).toHaveTextContent('New');
		expect(screen.getAllByLabelText('New: none in Previous year:')).toHaveLength(2);
		expect(screen.getByText('Refunds').closest('li')).toHaveClass('is-bad-trend');
	});

	it('links tiles with an href', () => {
		render(
			<SummaryList>
				{() => [
					<SummaryNumber key="a" label="Orders" value="3" href="/analytics/orders" />,
				]}
			</SummaryList>,
		);
		expect(screen.getByRole('link', { name: /Orders/ })).toHaveAttribute(
			'data-link-type',
			'wc-admin',
		);
	});

	it('explains a linked tile on demand, beside the link rather than inside it', async () => {
		render(
			<SummaryList>
				{() => [
					<SummaryNumber
						key="a"
						label="Net sales"
						value="$3.00"
						href="/analytics/revenue"
						definition="Sales after discounts and refunds."
					/>,
				]}
			</SummaryList>,
		);
		const link = screen.getByRole('link', { name: /Net sales/ });
		const disclosure = screen.getByText('What is this?').closest('summary') as HTMLElement;
		// The spoken name contains the visible words and names the metric.
		expect(disclosure.textContent).toBe('What is this? (Net sales)');
		expect(link).not.toContainElement(disclosure);
		const text = screen.getByText('Sales after discounts and refunds.');
		expect(text).not.toBeVisible();
		fireEvent.click(disclosure);
		expect(text).toBeVisible();
		expect(window.location.pathname).not.toBe('/analytics/revenue');
	});

	it('shows no explanation without a definition', () => {
		render(<SummaryList>{() => tiles()}</SummaryList>);
		expect(screen.queryByText('What is this?')).not.toBeInTheDocument();
	});

	it('collapses to a dropdown showing the selected tile below the large breakpoint', () => {
		mockViewport.large = false;
		render(<SummaryList>{() => tiles()}</SummaryList>);
		const toggle = screen.getByRole('button', { name: /Net sales/ });
		expect(toggle).toHaveAttribute('aria-expanded', 'false');
		expect(screen.queryByText('Returns')).not.toBeInTheDocument();
		fireEvent.click(toggle);
		expect(screen.getByText('Returns')).toBeInTheDocument();
	});

	it('renders placeholders', () => {
		const { container } = render(<SummaryListPlaceholder numberOfItems={4} />);
		expect(container.querySelectorAll('li.is-placeholder')).toHaveLength(4);
	});
});
