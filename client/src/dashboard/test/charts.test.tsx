/**
 * The Overview's charts in the store's locale: a EUR store with comma decimals and a German user
 * gets money ticks in euros ('1.500 €', never '$') and German full dates, like the report charts.
 */
import { render } from '@testing-library/react';
import { timeFormatLocale, type TimeLocaleDefinition } from 'd3-time-format';

import { setSettingsForTests } from '@abacus/settings';

import { ReportChart } from '../../analytics/components/report-chart.js';
import { dashboardCharts } from '../charts.js';

interface SeenProps {
	title: string;
	yFormat?: string | ((value: number) => string);
	timeLocale?: TimeLocaleDefinition;
	tooltipLabelFormat?: string;
}

const seen: SeenProps[] = [];

jest.mock('@abacus/components', () => ({
	...jest.requireActual('@abacus/components'),
	Chart: (props: SeenProps) => {
		seen.push(props);
		return null;
	},
}));

jest.mock('@abacus/data', () => ({
	...jest.requireActual('@abacus/data'),
	getReportChartData: () => ({
		isRequesting: false,
		isError: false,
		data: { totals: {}, intervals: [] },
	}),
}));

describe('the Overview charts', () => {
	beforeEach(() => {
		seen.length = 0;
	});
	afterEach(() => setSettingsForTests());

	it('write money ticks in the store’s currency and dates in the user’s language', () => {
		setSettingsForTests({
			currency: {
				code: 'EUR',
				precision: 2,
				symbol: '€',
				symbolPosition: 'right_space',
				decimalSeparator: ',',
				thousandSeparator: '.',
				priceFormat: '%2$s\u00a0%1$s',
			},
			locale: { userLocale: 'de_DE', siteLocale: 'de_DE' },
		} as Parameters<typeof setSettingsForTests>[0]);
		const query = { period: 'month', compare: 'previous_year' };
		for (const chart of dashboardCharts()) {
			render(
				<ReportChart
					config={chart}
					path="/"
					query={{ ...query, chart: chart.charts[0].key }}
				/>,
			);
		}
		expect(seen.length).toBeGreaterThanOrEqual(3);
		const yFormat = seen.find((props) => typeof props.yFormat === 'function')?.yFormat;
		if (typeof yFormat !== 'function') throw new Error('No money chart with store ticks');
		const ticks = [0, 1500, 0.5].map(yFormat);
		expect(ticks).toEqual(['0\u00a0€', '1.500\u00a0€', '0,5\u00a0€']);
		expect(ticks.join(' ')).not.toContain('$');
		for (const props of seen) {
			if (!props.timeLocale) throw new Error(`${props.title}: no time locale`);
			const german = timeFormatLocale(props.timeLocale);
			expect(german.format(props.tooltipLabelFormat ?? '')(new Date(2026, 9, 1))).toBe(
				'1. Oktober 2026',
			);
		}
	});
});
