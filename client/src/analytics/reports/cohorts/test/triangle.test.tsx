/**
 * The cohort triangle as a reader meets it: a cohort nobody joined shows a dash and says so (no
 * "0 %" retention of nobody); periods not reached yet are empty; the others show their value and,
 * when cells can be picked, are buttons named by cohort, period and value that a click or the
 * keyboard picks.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { Triangle } from '../triangle.js';

describe('Triangle', () => {
	it('shows a dash for a cohort without customers and the values of the others', () => {
		render(
			<Triangle
				caption="Retention by cohort"
				periodLabel={(k) => `Month ${k}`}
				rows={[
					{ key: '2026-07', label: 'July 2026', size: 0, values: [0, 0, null] },
					{ key: '2026-08', label: 'August 2026', size: 2, values: [100, 50, null] },
				]}
				formatValue={(v) => `${v} %`}
				formatSize={String}
				max={100}
			/>,
		);
		const [, july, august] = screen.getAllByRole('row');
		expect(within(july).queryByText('0 %')).toBeNull();
		expect(within(july).getAllByText('No customers in this cohort')).toHaveLength(2);
		expect(within(july).getAllByText('Not reached yet')).toHaveLength(1);
		expect(within(august).getByText('100 %')).toBeTruthy();
		expect(within(august).getByText('50 %')).toBeTruthy();
	});

	it('picks a cell by click or keyboard; empty cells are not buttons', async () => {
		const user = userEvent.setup();
		const picked: Array<[string, number]> = [];
		const rows = [
			{ key: '2026-07', label: 'July 2026', size: 0, values: [0, 0, null] },
			{ key: '2026-08', label: 'August 2026', size: 2, values: [100, 50, null] },
		];
		const props = {
			caption: 'Retention by cohort',
			periodLabel: (k: number) => `Month ${k}`,
			rows,
			formatValue: (v: number) => `${v} %`,
			formatSize: String,
			max: 100,
			onSelect: (key: string, k: number) => picked.push([key, k]),
		};
		const { rerender } = render(<Triangle {...props} selected={null} />);
		// Only August's two reached periods can be picked.
		expect(screen.getAllByRole('button')).toHaveLength(2);
		const cell = screen.getByRole('button', {
			name: 'August 2026, Month 1: 50 %, show orders',
		});
		expect(cell.getAttribute('aria-pressed')).toBe('false');
		fireEvent.click(cell);
		expect(picked).toEqual([['2026-08', 1]]);
		// Keyboard: Tab reaches the scrolling table, then the first cell; Enter and Space pick.
		await user.tab();
		await user.tab();
		expect(document.activeElement).toBe(
			screen.getByRole('button', { name: 'August 2026, Month 0: 100 %, show orders' }),
		);
		await user.keyboard('{Enter}');
		await user.tab();
		expect(document.activeElement).toBe(cell);
		await user.keyboard(' ');
		expect(picked).toEqual([
			['2026-08', 1],
			['2026-08', 0],
			['2026-08', 1],
		]);
		rerender(<Triangle {...props} selected={{ key: '2026-08', k: 1 }} />);
		expect(
			screen
				.getByRole('button', { name: 'August 2026, Month 1: 50 %, show orders' })
				.getAttribute('aria-pressed'),
		).toBe('true');
	});

	it('without onSelect the cells are plain text', () => {
		render(
			<Triangle
				caption="Retention by cohort"
				periodLabel={(k) => `Month ${k}`}
				rows={[{ key: '2026-08', label: 'August 2026', size: 2, values: [100, 50] }]}
				formatValue={(v) => `${v} %`}
				formatSize={String}
			/>,
		);
		expect(screen.queryAllByRole('button')).toHaveLength(0);
		expect(screen.getByText('50 %')).toBeTruthy();
	});

	it('outlines the period still running, names it so far and explains it under the triangle', () => {
		const { container } = render(
			<Triangle
				caption="Retention by cohort"
				periodLabel={(k) => `Month ${k}`}
				rows={[
					{
						key: '2026-10',
						label: 'October 2026',
						size: 4,
						values: [100, 25, 0],
						inProgress: 2,
					},
					{
						key: '2026-11',
						label: 'November 2026',
						size: 2,
						values: [100, 0, null],
						inProgress: 1,
					},
				]}
				formatValue={(v) => `${v} %`}
				formatSize={String}
				max={100}
				onSelect={() => undefined}
				inProgressNote="Outlined: the period still running on December 2, 2026, its figure so far."
			/>,
		);
		expect(
			screen.getByRole('button', {
				name: 'October 2026, Month 2, still running: 0 % so far, show orders',
			}),
		).toBeTruthy();
		expect(
			screen.getByRole('button', { name: 'October 2026, Month 1: 25 %, show orders' }),
		).toBeTruthy();
		expect(
			screen.getByRole('button', {
				name: 'November 2026, Month 1, still running: 0 % so far, show orders',
			}),
		).toBeTruthy();
		expect(container.querySelectorAll('td.is-in-progress')).toHaveLength(2);
		expect(
			screen.getByText(
				'Outlined: the period still running on December 2, 2026, its figure so far.',
			),
		).toBeTruthy();
	});

	it('says nothing of a running period when none is', () => {
		const { container } = render(
			<Triangle
				caption="Retention by cohort"
				periodLabel={(k) => `Month ${k}`}
				rows={[{ key: '2025-08', label: 'August 2025', size: 2, values: [100, 50] }]}
				formatValue={(v) => `${v} %`}
				formatSize={String}
				inProgressNote="Outlined: the period still running on December 31, 2025, its figure so far."
			/>,
		);
		expect(container.querySelector('.is-in-progress')).toBeNull();
		expect(screen.queryByText(/still running/)).toBeNull();
	});
});
