// The forecast bench's shared part (tests/bench/forecast.js on the demo store,
// engine/forecast.bench.ts on the real stack's store): the history read as the wp-admin page reads
// it (client/src/analytics/forecast/use-forecast.ts: revenue stats by day, 100 days a request, all
// at once, 800 days before the store's today), the back-test of the forecast method on it and its
// table. Each function takes the metrics module (@abacus/metrics: its build in forecast.js, its
// sources under jest) so both legs run the same code on the same kind of history.

/** The figures forecast: the revenue stats field and its name in the table. */
export const METRICS = [
	['total_sales', 'revenue'],
	['orders_count', 'orders'],
	['net_revenue', 'net sales'],
];

/** Days a request, as the page asks. */
export const PAGE_DAYS = 100;

/** The query string of one request, its `fields` array encoded as the page's addQueryArgs does. */
function statsQuery(after, before) {
	const parts = [
		['interval', 'day'],
		['order', 'asc'],
		['per_page', String(PAGE_DAYS)],
		['after', after],
		['before', before],
		...METRICS.map(([m], i) => [`fields[${i}]`, m]),
	];
	return parts.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/**
 * The store's complete days before `today` (its local day), read as the page reads them:
 * `get(query)` answers `GET wc-analytics/reports/revenue/stats?<query>` (parsed JSON).
 * Returns `{ today, firstDay, values: { [field]: number[] }, requests, ms }`.
 */
export async function readHistory(forecast, today, get) {
	const end = forecast.dayNumber(today);
	const first = end - forecast.HISTORY_DAYS;
	const values = Object.fromEntries(
		METRICS.map(([m]) => [m, new Array(forecast.HISTORY_DAYS).fill(0)]),
	);
	const started = performance.now();
	const pages = [];
	for (let from = first; from < end; from += PAGE_DAYS) {
		const to = Math.min(end - 1, from + PAGE_DAYS - 1);
		pages.push(
			get(
				statsQuery(
					`${forecast.dayText(from)}T00:00:00`,
					`${forecast.dayText(to)}T23:59:59`,
				),
			),
		);
	}
	const answers = await Promise.all(pages);
	const ms = performance.now() - started;
	for (const answer of answers) {
		for (const interval of answer.intervals ?? []) {
			const index = forecast.dayNumber(interval.interval) - first;
			if (!(index >= 0 && index < forecast.HISTORY_DAYS)) continue;
			for (const [m] of METRICS) {
				const value = Number(interval.subtotals?.[m]);
				values[m][index] = Number.isFinite(value) ? value : 0;
			}
		}
	}
	return {
		today,
		firstDay: forecast.dayText(first),
		values,
		requests: pages.length,
		ms: Math.round(ms),
	};
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const round1 = (value) => Math.round(value * 10) / 10;

/**
 * The back-test of each figure on `history` (readHistory's answer): the verdict (rolling origins
 * over the last year, 7- and 30-day horizons, beside the two naive baselines) and the forecast of
 * the store's current month as the page would show it; each timed, median of `runs`.
 */
export function backtestHistory(forecast, history, runs = 5) {
	const { today, firstDay } = history;
	const monthStart = `${today.slice(0, 8)}01`;
	const next = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1);
	const monthEnd = forecast.dayText(next / 86_400_000 - 1);
	const metrics = [];
	for (const [metric, label] of METRICS) {
		const values = history.values[metric];
		const verdictMs = [];
		let judged;
		for (let run = 0; run < runs; run++) {
			const started = performance.now();
			judged = forecast.verdict(new forecast.DailyHistory(values));
			verdictMs.push(performance.now() - started);
		}
		const monthMs = [];
		let month;
		for (let run = 0; run < runs; run++) {
			const started = performance.now();
			month = forecast.forecastPeriod({
				history: values,
				firstDay,
				today,
				periodStart: monthStart,
				periodEnd: monthEnd,
				verdict: judged,
			});
			monthMs.push(performance.now() - started);
		}
		metrics.push({
			metric,
			label,
			shown: judged.shown,
			reason: judged.reason,
			verdictMedianMs: round1(median(verdictMs)),
			monthForecastMedianMs: round1(median(monthMs)),
			month: month.forecast
				? {
						periodStart: monthStart,
						periodEnd: monthEnd,
						actual: month.forecast.actual,
						total: month.forecast.total,
					}
				: null,
			backtests: judged.backtests.map((b) => ({
				horizon: b.horizon,
				origins: b.origins,
				mape: b.method.mape,
				coverage: b.method.coverage,
				sameDaysLastYearMape: b.sameDaysLastYear.mape,
				lastFourWeekdaysMape: b.lastFourWeekdays.mape,
			})),
		});
	}
	return { today, firstDay, metrics };
}

const pct = (value) => (value === null || value === undefined ? '—' : `${value.toFixed(1)} %`);

/** The back-test table (Markdown, as in the README) under `title`. */
export function printBacktest(title, result) {
	console.log(`\n${title}`);
	console.log(
		'| figure | horizon | origins | forecast MAPE | 80 % interval coverage | same days last year MAPE | last four same weekdays MAPE | shown |',
	);
	console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
	for (const m of result.metrics) {
		for (const b of m.backtests) {
			console.log(
				`| ${m.label} | ${b.horizon} days | ${b.origins} | ${pct(b.mape)} | ${pct(b.coverage)} | ${pct(b.sameDaysLastYearMape)} | ${pct(b.lastFourWeekdaysMape)} | ${m.shown ? 'yes' : `no (${m.reason})`} |`,
			);
		}
	}
}

/** What the page shows on that store for the current month, a line per figure. */
export function printPageVerdict(result) {
	const money = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
	for (const m of result.metrics) {
		const month = m.month;
		console.log(
			m.shown && month
				? `  ${m.label}: the page shows a forecast, e.g. by ${month.periodEnd} ${money(month.total.value)} (80 % likely between ${money(month.total.lower)} and ${money(month.total.upper)}; ${money(month.actual)} so far)`
				: m.shown
					? `  ${m.label}: the page shows a forecast (none for this month's period)`
					: `  ${m.label}: the page says there is not enough history to forecast (${m.reason})`,
		);
	}
}
