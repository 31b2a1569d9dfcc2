/**
 * The ClickHouse dialect of the metric layer's seam (`metrics/dialect.ts`), in SQL that runs on
 * ClickHouse 18.16 (Debian's package) and on current releases: `toStartOf…`/`toMonday` bucket
 * starts, `-If` aggregate combinators for DuckDB's `FILTER (WHERE …)`, `uniqExact` for exact
 * distinct counts, GROUP BY aliases (18.16 has no positional GROUP BY).
 */
import type { BucketInterval, Dialect } from '../metrics/dialect.js';
import { CLICKHOUSE_LINE_COSTS } from './cost-sql.js';

/** A metric aggregate in DuckDB's SQL → ClickHouse; throws on a form it does not know. */
export function clickhouseAggregate(sql: string): string {
	let out = sql;
	// COUNT(*) / COUNT(DISTINCT x) / SUM(x) FILTER (WHERE cond)
	out = out.replace(
		/(COUNT|SUM)\((DISTINCT )?([^()]*)\) FILTER \(WHERE ([^()]*)\)/g,
		(_, fn: string, distinct: string | undefined, arg: string, cond: string) => {
			if (fn === 'COUNT' && arg === '*') return `countIf(${cond})`;
			if (fn === 'COUNT' && distinct) return `uniqExactIf(${arg}, ${cond})`;
			if (fn === 'COUNT') return `countIf(${arg} IS NOT NULL AND (${cond}))`;
			return `sumIf(${arg}, ${cond})`;
		},
	);
	out = out.replace(/COUNT\(DISTINCT ([^()]*)\)/g, 'uniqExact($1)');
	// ClickHouse's sum of no rows is 0 already, and COALESCE(Decimal, 0) has no common type on 18.16.
	out = out.replace(/COALESCE\((.*), 0\)$/, '$1');
	if (/FILTER|DISTINCT|COALESCE/.test(out)) {
		throw new Error(`No ClickHouse form for the metric aggregate ${sql}`);
	}
	return out;
}

function bucketStart(column: string, interval: BucketInterval, startOfWeek: number): string {
	switch (interval) {
		case 'hour':
			return `toStartOfHour(${column})`;
		case 'day':
			return `toDate(${column})`;
		case 'week':
			if (startOfWeek === 1) return `toMonday(${column})`;
			// toDayOfWeek: Monday 1 … Sunday 7; % 7 makes Sunday 0 as the store's week start.
			return `greatest(toDate(${column}) - ((toDayOfWeek(${column}) % 7 - ${startOfWeek} + 7) % 7), toStartOfYear(${column}))`;
		case 'month':
			return `toStartOfMonth(${column})`;
		case 'quarter':
			return `toStartOfQuarter(${column})`;
		case 'year':
			return `toStartOfYear(${column})`;
	}
}

export const CLICKHOUSE: Dialect = {
	name: 'clickhouse',
	// The cluster keeps the daily roll-ups per store, the profit one too (`rollups.ts`).
	rollups: true,
	// Only by creation date: under the paid or completed date type revenue and orders stats read
	// the store's orders (`order_stats` carries both dates).
	basisRollups: false,
	profitRollup: true,
	// Read from the store's roll-up of its lines' unit costs (`rollups.ts`); a store read
	// without roll-ups computes them (`CLICKHOUSE_COMPUTED`).
	lineCosts: () => `(SELECT order_item_id AS cost_item, unit_cost FROM order_line_unit_costs)`,
	bucketStart,
	text: (expr) => `toString(${expr})`,
	timestamp: (placeholder) => `toDateTime(${placeholder}, 'UTC')`,
	groupBy: (names) => names.join(', '),
	timePart(expr, part) {
		switch (part) {
			case 'weekday':
				// toDayOfWeek: Monday 1 … Sunday 7.
				return `toInt32(toDayOfWeek(${expr}) % 7)`;
			case 'hour':
				return `toInt32(toHour(${expr}))`;
			case 'day':
				return `toInt64(toDate(${expr}))`;
			case 'month':
				return `toInt32(toYear(${expr}) * 12 + toMonth(${expr}) - 1)`;
			case 'second':
				// The column's zone is UTC and holds the wall time: seconds of that wall time.
				return `toInt64(${expr})`;
		}
	},
	isoText: (expr) => `formatDateTime(${expr}, '%Y-%m-%dT%H:%M:%S')`,
	aggregate: clickhouseAggregate,
	real: (expr) => `toFloat64(${expr})`,
	idRows: (placeholders) => `SELECT toInt64(arrayJoin([${placeholders}])) AS id`,
	// No ILIKE on 18.16; LIKE takes a backslash as its escape.
	ilike: (expr, placeholder) => `lowerUTF8(${expr}) LIKE lowerUTF8(${placeholder})`,
	// The column holds UTC; in the zone's DateTime the bucket functions give local wall time.
	localTime: (column, timeZone) => `toTimeZone(${column}, '${timeZone.replace(/'/g, "\\'")}')`,
};

/**
 * The dialect of a store read from its orders, without roll-ups (loaded before they existed, or
 * before the current definitions): each line's unit cost computed per request.
 */
export const CLICKHOUSE_COMPUTED: Dialect = {
	...CLICKHOUSE,
	rollups: false,
	lineCosts: () => CLICKHOUSE_LINE_COSTS,
};
