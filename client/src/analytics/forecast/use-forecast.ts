/**
 * The forecast of revenue, orders or net sales for a report's period. On the Abacus server or
 * engine it is `GET wc-analytics/reports/forecast` (the engine middleware sends it to the engine
 * when one is chosen inside wp-admin); inside wp-admin on WooCommerce's own figures, which have no
 * such route, the page runs the same method (@abacus/metrics) on the daily history of WooCommerce's
 * revenue stats: 800 days in one request to the plugin's `abacus/v1/forecast/history`, which reads
 * them from the revenue stats route inside WordPress (8 answers of 100 days, kept in WooCommerce's
 * report cache), once per day and browser tab (kept in sessionStorage: WordPress's menu links are
 * whole page loads, and the history of complete days is the same on every page of the day; Retry
 * or a change of engine reads it again).
 * Both answer the period's buckets by the chart's interval (weeks from the store's first weekday).
 */
import { useEffect, useState } from 'react';
import { addQueryArgs } from '@wordpress/url';
import { getStartOfWeek } from '@abacus/date';
import {
	DailyHistory,
	dayNumber,
	dayText,
	FORECAST_METRICS,
	forecastAnswer,
	type ForecastAnswer,
	type ForecastInterval,
	type ForecastMetric,
	HISTORY_DAYS,
	verdict,
	type Verdict,
} from '@abacus/metrics';

import { apiFetch } from '../../base/api-fetch.js';
import { useReportsRefresh } from '../../engine/index.js';
import { useUsesWooCommerce } from '../../engine/needs-engine.js';
import type { ForecastPeriod } from './period.js';

export type ForecastState =
	{ status: 'loading' } | { status: 'error' } | { status: 'done'; answer: ForecastAnswer };

/** The plugin's `GET abacus/v1/forecast/history` answer. */
interface HistoryAnswer {
	first_day?: unknown;
	days?: unknown;
	values?: Record<string, unknown>;
}

/** The daily history the page forecasts from, and each metric's verdict once made. */
export interface LocalHistory {
	firstDay: string;
	values: Record<ForecastMetric, number[]>;
	verdicts: Partial<Record<ForecastMetric, Verdict>>;
}

const HISTORY_ROUTE = '/abacus/v1/forecast/history';
const histories = new Map<string, Promise<LocalHistory>>();
const answers = new Map<string, Promise<ForecastAnswer>>();

const STORAGE_KEY = 'abacus-forecast-history';

function storage(): Storage | null {
	try {
		return typeof window !== 'undefined' ? window.sessionStorage : null;
	} catch {
		return null;
	}
}

/** Each metric's `HISTORY_DAYS` values, when `values` holds them all as finite numbers. */
function wholeValues(
	values: Record<string, unknown> | undefined,
): Record<ForecastMetric, number[]> | null {
	const whole = {} as Record<ForecastMetric, number[]>;
	for (const metric of FORECAST_METRICS) {
		const list = values?.[metric];
		if (
			!Array.isArray(list) ||
			list.length !== HISTORY_DAYS ||
			!list.every((value) => typeof value === 'number' && Number.isFinite(value))
		)
			return null;
		whole[metric] = list as number[];
	}
	return whole;
}

/** The history this tab kept for `today`, when it is whole. */
function keptHistory(today: string): LocalHistory | null {
	try {
		const kept = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as {
			today?: unknown;
			firstDay?: unknown;
			values?: Record<string, unknown>;
		} | null;
		if (!kept || kept.today !== today || typeof kept.firstDay !== 'string') return null;
		const values = wholeValues(kept.values);
		return values ? { firstDay: kept.firstDay, values, verdicts: {} } : null;
	} catch {
		return null;
	}
}

function keepHistory(today: string, history: LocalHistory): void {
	try {
		storage()?.setItem(
			STORAGE_KEY,
			JSON.stringify({ today, firstDay: history.firstDay, values: history.values }),
		);
	} catch {
		// Storage full or refused: the next page reads the history again.
	}
}

/**
 * The store's complete days before `today` as WooCommerce's revenue stats count them: the tab's
 * kept history of that day when the reports were not asked again (`refresh` 0), otherwise read
 * from the plugin's history route (and kept).
 */
export function readHistory(today: string, refresh: number): Promise<LocalHistory> {
	const key = `${today}|${refresh}`;
	const known = histories.get(key);
	if (known) return known;
	const kept = refresh === 0 ? keptHistory(today) : null;
	if (kept) {
		const ready = Promise.resolve(kept);
		histories.set(key, ready);
		return ready;
	}
	const firstDay = dayText(dayNumber(today) - HISTORY_DAYS);
	const read = apiFetch<HistoryAnswer>({
		path: addQueryArgs(HISTORY_ROUTE, { today, days: HISTORY_DAYS }),
	}).then((answer) => {
		const values =
			answer.first_day === firstDay && answer.days === HISTORY_DAYS
				? wholeValues(answer.values)
				: null;
		if (!values) throw new Error(`${HISTORY_ROUTE} answered another history than asked.`);
		const history: LocalHistory = { firstDay, values, verdicts: {} };
		keepHistory(today, history);
		return history;
	});
	histories.set(key, read);
	read.catch(() => histories.delete(key));
	return read;
}

async function computeHere(
	metric: ForecastMetric,
	period: ForecastPeriod,
	interval: ForecastInterval,
	startOfWeek: number,
	refresh: number,
): Promise<ForecastAnswer> {
	const history = await readHistory(period.today, refresh);
	history.verdicts[metric] ??= verdict(new DailyHistory(history.values[metric]));
	return forecastAnswer(metric, {
		history: history.values[metric],
		firstDay: history.firstDay,
		today: period.today,
		periodStart: period.start,
		periodEnd: period.end,
		verdict: history.verdicts[metric],
		interval,
		startOfWeek,
	});
}

function askServer(
	metric: ForecastMetric,
	period: ForecastPeriod,
	interval: ForecastInterval,
): Promise<ForecastAnswer> {
	return apiFetch<ForecastAnswer>({
		path: addQueryArgs('/wc-analytics/reports/forecast', {
			metric,
			after: `${period.start}T00:00:00`,
			before: `${period.end}T23:59:59`,
			// By day unless a chart buckets it (the route's default).
			...(interval === 'day' ? {} : { interval }),
		}),
	});
}

/**
 * The forecast of `metric` for `period` (null: no forecast asked, the range is over), with its
 * buckets by `interval` (a chart's; the store's first weekday starts a week).
 */
export function useForecast(
	metric: ForecastMetric,
	period: ForecastPeriod | null,
	interval: ForecastInterval = 'day',
): ForecastState | null {
	const usesWooCommerce = useUsesWooCommerce();
	const refresh = useReportsRefresh();
	const startOfWeek = getStartOfWeek();
	const key = period
		? `${usesWooCommerce ? 'page' : 'server'}|${metric}|${period.start}|${period.end}|${period.today}|${interval}|${startOfWeek}|${refresh}`
		: null;
	const [state, setState] = useState<{ key: string; state: ForecastState } | null>(null);
	useEffect(() => {
		if (!key || !period) return undefined;
		let current = true;
		let answer = answers.get(key);
		if (!answer) {
			answer = usesWooCommerce
				? computeHere(metric, period, interval, startOfWeek, refresh)
				: askServer(metric, period, interval);
			answers.set(key, answer);
			answer.catch(() => answers.delete(key));
		}
		answer.then(
			(result) => current && setState({ key, state: { status: 'done', answer: result } }),
			() => current && setState({ key, state: { status: 'error' } }),
		);
		return () => {
			current = false;
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [key]);
	if (!key) return null;
	return state?.key === key ? state.state : { status: 'loading' };
}
