/**
 * The stats engine shared by every `…/stats` route: aggregates metric sources per interval bucket
 * (and per segment) in one GROUPING SETS query each, zero-fills the bucket list, derives computed
 * metrics, applies `fields`, sorts and pages the intervals.
 */
import type { Db, SqlValue } from '../core/db.js';
import { deriveAll, present, type Metric } from '../metrics/index.js';
import { buckets as bucketList, intervalKeySql, type Interval } from './intervals.js';
import { gmtText } from './settings.js';

/** One aggregate query: `from` is everything after SELECT … (FROM, JOINs, WHERE). */
export interface Source {
	from: string;
	params: SqlValue[];
	/** TIMESTAMP column the bucket key is computed from. */
	date: string;
	/** Segment id expression (segment sources only). */
	segment?: string;
	metrics: Metric[];
	/** Only the whole-range total is needed (no per-bucket grouping). */
	totalsOnly?: boolean;
}

export interface SegmentCandidate {
	id: number;
	label: string;
}

export interface StatsRequest {
	interval: Interval;
	startOfWeek: number;
	timeZone: string;
	after: number;
	before: number;
	order: 'asc' | 'desc';
	orderby: string;
	page: number;
	perPage: number;
	fields: string[];
	/** Metric set of totals/subtotals (order of keys = response order). */
	metrics: Record<string, Metric>;
	/** Keys present in totals only. */
	totalsOnly?: string[];
	/** Keys always kept in totals even when `fields` is given. */
	alwaysInTotals?: string[];
	sources: Source[];
	segments?: {
		candidates: SegmentCandidate[];
		metrics: Record<string, Metric>;
		sources: Source[];
	};
}

export interface StatsResult {
	body: { totals: Record<string, unknown>; intervals: Array<Record<string, unknown>> };
	total: number;
	totalPages: number;
}

type Values = Record<string, number>;
type Grouped = Map<string, Map<string, Values>>;

async function aggregate(db: Db, source: Source, keySql: string, into: Grouped): Promise<void> {
	const aggs = source.metrics.filter((m) => m.sql).map((m) => `${m.sql} AS "${m.key}"`);
	if (!aggs.length) return;
	const seg = source.segment ?? 'NULL';
	const sql = source.totalsOnly
		? `SELECT NULL AS bucket_key, ${seg} AS segment_key, 1 AS g, ${aggs.join(', ')} ${source.from} GROUP BY segment_key`
		: `SELECT ${keySql} AS bucket_key, ${seg} AS segment_key, GROUPING(bucket_key) AS g, ${aggs.join(', ')}
		${source.from}
		GROUP BY GROUPING SETS ((bucket_key, segment_key), (segment_key))`;
	const rows = await db.all(sql, source.params);
	for (const row of rows) {
		const bucket = row.g === 1 || row.g === 1n ? '' : String(row.bucket_key);
		const segment = row.segment_key === null ? '' : String(row.segment_key);
		let bySegment = into.get(bucket);
		if (!bySegment) into.set(bucket, (bySegment = new Map()));
		let values = bySegment.get(segment);
		if (!values) bySegment.set(segment, (values = {}));
		for (const m of source.metrics) if (m.sql) values[m.key] = Number(row[m.key] ?? 0);
	}
}

function shape(
	metrics: Record<string, Metric>,
	raw: Values | undefined,
	keys: string[],
): Record<string, number> {
	const values: Values = {};
	for (const m of Object.values(metrics)) values[m.key] = raw?.[m.key] ?? 0;
	deriveAll(metrics, values);
	const out: Record<string, number> = {};
	for (const key of keys) {
		const m = metrics[key];
		if (m) out[key] = present(m, values[key]);
	}
	return out;
}

/** Runs a stats request. */
export async function runStats(db: Db, req: StatsRequest): Promise<StatsResult> {
	const keySql = (date: string): string => intervalKeySql(date, req.interval, req.startOfWeek);
	const main: Grouped = new Map();
	for (const source of req.sources) await aggregate(db, source, keySql(source.date), main);
	const segs: Grouped = new Map();
	if (req.segments)
		for (const source of req.segments.sources)
			await aggregate(db, source, keySql(source.date), segs);

	const totalsOnly = new Set(req.totalsOnly ?? []);
	const allKeys = Object.keys(req.metrics);
	const wanted = req.fields.length ? allKeys.filter((k) => req.fields.includes(k)) : allKeys;
	const totalKeys = req.fields.length
		? allKeys.filter((k) => wanted.includes(k) || (req.alwaysInTotals ?? []).includes(k))
		: allKeys;
	const intervalKeys = wanted.filter((k) => !totalsOnly.has(k));
	const segmentKeys = req.segments
		? Object.keys(req.segments.metrics).filter(
				(k) => !req.fields.length || req.fields.includes(k),
			)
		: [];
	const segmentsOf = (bucket: string): Array<Record<string, unknown>> =>
		(req.segments?.candidates ?? []).map((c) => ({
			segment_id: c.id,
			segment_label: c.label,
			subtotals: shape(
				req.segments?.metrics ?? {},
				segs.get(bucket)?.get(String(c.id)),
				segmentKeys,
			),
		}));

	const totals: Record<string, unknown> = {
		...shape(req.metrics, main.get('')?.get(''), totalKeys),
		segments: segmentsOf(''),
	};
	const list = bucketList(req.after, req.before, req.interval, req.startOfWeek).map((b) => {
		const values = shape(req.metrics, main.get(b.key)?.get(''), intervalKeys);
		return { bucket: b, values };
	});
	const dir = req.order === 'asc' ? 1 : -1;
	const orderKey =
		req.orderby === 'items_sold' && !(req.orderby in req.metrics)
			? 'num_items_sold'
			: req.orderby;
	list.sort((a, b) => {
		if (orderKey !== 'date' && orderKey in req.metrics) {
			const av =
				shape(req.metrics, main.get(a.bucket.key)?.get(''), [orderKey])[orderKey] ?? 0;
			const bv =
				shape(req.metrics, main.get(b.bucket.key)?.get(''), [orderKey])[orderKey] ?? 0;
			if (av !== bv) return (av - bv) * dir;
			return a.bucket.key < b.bucket.key ? -1 : a.bucket.key > b.bucket.key ? 1 : 0;
		}
		return (a.bucket.start - b.bucket.start) * dir;
	});
	const total = list.length;
	const totalPages = Math.max(1, Math.ceil(total / req.perPage));
	const page = list.slice((req.page - 1) * req.perPage, req.page * req.perPage);
	const fmt = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
	const intervals = page.map(({ bucket, values }) => ({
		interval: bucket.key,
		date_start: fmt(bucket.start),
		date_start_gmt: gmtText(bucket.start, req.timeZone),
		date_end: fmt(bucket.end),
		date_end_gmt: gmtText(bucket.end, req.timeZone),
		subtotals: { ...values, segments: segmentsOf(bucket.key) },
	}));
	return { body: { totals, intervals }, total, totalPages: total ? totalPages : 0 };
}
