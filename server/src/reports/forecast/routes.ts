/**
 * `GET wc-analytics/reports/forecast?metric=&after=&before=&interval=` (an Abacus report, like profit) — the forecast of a revenue figure
 * (`total_sales`, `orders_count` or `net_revenue`) for the period [after, before] (store-local
 * days), by day and by the chart's `interval` (day, week, month, quarter or year: each bucket not
 * over, cut as revenue stats cuts it with the store's first weekday), from the store's daily history as revenue stats count it (date type and excluded
 * statuses included), with the back-test verdict that decides whether it is shown (method in
 * `@abacus/metrics`, assumptions in `metrics/README.md`). The history and the verdicts are
 * computed once per store and day and cached until the next write (an engine's for its cache
 * age). On an engine the route answers a store token for its store, or an operator (a report
 * route: `engine-auth` guards it, and the plugin's pages send it to the engine when chosen).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
	dayNumber,
	dayText,
	DailyHistory,
	FORECAST_INTERVALS,
	FORECAST_METRICS,
	type ForecastInterval,
	type ForecastMetric,
	forecastAnswer,
	HISTORY_DAYS,
	periodProblem,
	verdict,
	type Verdict,
} from '@abacus/metrics';

import type { ServerContext } from '../../core/context.js';
import { storeSettings } from '../../db/store-settings.js';
import { utcToLocal } from '../../db/store-time.js';
import { invalidParams, missingParams } from '../../http/errors.js';
import { normaliser, Query, querySchema, type ParamSpecs } from '../../http/params.js';
import { parseStoreDate } from '../shared/date-range.js';
import { orderStats } from '../shared/order-stats.js';
import type { ReportCache, ReportSource } from '../shared/report-route.js';

export const FORECAST_ROUTE = '/wc-analytics/reports/forecast';

const PARAMS: ParamSpecs = {
	metric: { type: 'string', enum: [...FORECAST_METRICS] },
	after: { type: 'date-time' },
	before: { type: 'date-time' },
	interval: { type: 'string', default: 'day', enum: [...FORECAST_INTERVALS] },
	context: { type: 'string', enum: ['view', 'edit', 'embed'] },
};

const DAY_MS = 86_400_000;

interface StoreHistory {
	firstDay: string;
	today: string;
	values: Record<ForecastMetric, number[]>;
	verdicts: Partial<Record<ForecastMetric, Verdict>>;
}

/** The store's complete days before `today` (HISTORY_DAYS of them), each forecast metric's values. */
async function readHistory(source: ReportSource, today: number): Promise<StoreHistory> {
	const first = today - HISTORY_DAYS;
	const stats = await orderStats(
		source.reader,
		new Query({
			after: `${dayText(first)}T00:00:00`,
			before: `${dayText(today - 1)}T23:59:59`,
			interval: 'day',
			order: 'asc',
			per_page: HISTORY_DAYS,
			fields: [...FORECAST_METRICS],
		}),
		source.settings,
		false,
	);
	const values = Object.fromEntries(
		FORECAST_METRICS.map((m) => [m, new Array<number>(HISTORY_DAYS).fill(0)]),
	) as Record<ForecastMetric, number[]>;
	for (const interval of stats.body.intervals) {
		const index = dayNumber(String(interval.interval)) - first;
		const subtotals = (interval.subtotals ?? {}) as Record<string, unknown>;
		if (!(index >= 0 && index < HISTORY_DAYS)) continue;
		for (const metric of FORECAST_METRICS) {
			const value = Number(subtotals[metric]);
			values[metric][index] = Number.isFinite(value) ? value : 0;
		}
	}
	return { firstDay: dayText(first), today: dayText(today), values, verdicts: {} };
}

export function registerForecastRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	cache: ReportCache,
): void {
	async function history(
		request: FastifyRequest,
	): Promise<{ store: StoreHistory; timeZone: string; startOfWeek: number }> {
		const source: ReportSource = cache.engine
			? await cache.engine.source(request)
			: { reader: ctx.db, settings: await storeSettings(ctx), store: '' };
		const today = Math.floor(utcToLocal(Date.now(), source.settings.timeZone) / DAY_MS);
		const key = `${JSON.stringify(source.store)}|${FORECAST_ROUTE}|history|${today}`;
		const cached = cache.get(key);
		const { timeZone, startOfWeek } = source.settings;
		if (cached) return { store: cached.body as StoreHistory, timeZone, startOfWeek };
		const generation = cache.generation();
		const read = await readHistory(source, today);
		cache.set(key, { body: read }, generation);
		return { store: read, timeZone, startOfWeek };
	}

	app.get(FORECAST_ROUTE, {
		schema: { querystring: querySchema(PARAMS) },
		preValidation: normaliser(PARAMS),
		config: { engineSeam: true },
		handler: async (request) => {
			const raw = (request.query ?? {}) as Record<string, unknown>;
			const missing = ['metric', 'after', 'before'].filter((name) => raw[name] === undefined);
			if (missing.length) throw missingParams(missing);
			const metric = raw.metric as ForecastMetric;
			const interval = (raw.interval ?? 'day') as ForecastInterval;
			const { store, timeZone, startOfWeek } = await history(request);
			// Store-local day numbers of the period.
			const start = Math.floor(parseStoreDate('after', String(raw.after), timeZone) / DAY_MS);
			const end = Math.floor(
				parseStoreDate('before', String(raw.before), timeZone, true) / DAY_MS,
			);
			const input = {
				history: store.values[metric],
				firstDay: store.firstDay,
				today: store.today,
				periodStart: dayText(start),
				periodEnd: dayText(end),
				interval,
				startOfWeek,
			};
			const problem = periodProblem(input);
			if (problem) {
				throw invalidParams({ [end < start ? 'after' : 'before']: problem });
			}
			store.verdicts[metric] ??= verdict(new DailyHistory(store.values[metric]));
			return forecastAnswer(metric, { ...input, verdict: store.verdicts[metric] });
		},
	});
}
