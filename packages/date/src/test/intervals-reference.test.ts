/**
 * The interval maths (intervals.ts) computes with numbers; it must give exactly what moment gives
 * for the same wall times. The reference below is the moment-based version it replaced (moment's
 * startOf, add, isoWeek and format on UTC moments), and random ranges, instants, intervals and
 * week starts (fast-check) are asked of both, with the edges that matter pinned: year ends, ISO
 * week 53, leap days, the last second of a bucket, years before 1970 and after 2100.
 */
import fc from 'fast-check';
import moment, { type Moment } from 'moment-timezone';

import {
	getIntervalBuckets,
	getIntervalCount,
	getIntervalKey,
	getIntervalStart,
	type IntervalBucket,
	type IntervalType,
} from '../intervals.js';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const INTERVALS: IntervalType[] = ['hour', 'day', 'week', 'month', 'quarter', 'year'];

const read = (value: string): Moment => moment.utc(value, FORMAT, true);

function simpleWeekNumber(wall: Moment, startOfWeek: number): number {
	const firstWeekday = wall.clone().startOf('year').day();
	const offset = (firstWeekday - startOfWeek + 7) % 7;
	return Math.floor((wall.dayOfYear() + offset - 1) / 7) + 1;
}

function keyOf(wall: Moment, interval: IntervalType, startOfWeek: number): string {
	switch (interval) {
		case 'hour':
			return wall.format('YYYY-MM-DD HH');
		case 'day':
			return wall.format('YYYY-MM-DD');
		case 'week':
			return startOfWeek === 1
				? `${wall.isoWeekYear()}-${String(wall.isoWeek()).padStart(2, '0')}`
				: `${wall.format('YYYY')}-${String(simpleWeekNumber(wall, startOfWeek)).padStart(2, '0')}`;
		case 'month':
			return wall.format('YYYY-MM');
		case 'quarter':
			return `${wall.format('YYYY')}-${wall.quarter()}`;
		case 'year':
			return wall.format('YYYY');
	}
}

function nextBucketStart(wall: Moment, interval: IntervalType, startOfWeek: number): Moment {
	if (interval !== 'week') return wall.clone().startOf(interval).add(1, interval);
	const key = keyOf(wall, 'week', startOfWeek);
	const cursor = wall.clone().startOf('day').add(1, 'day');
	while (keyOf(cursor, 'week', startOfWeek) === key) cursor.add(1, 'day');
	return cursor;
}

function referenceBuckets(
	after: string,
	before: string,
	interval: IntervalType,
	startOfWeek: number,
): IntervalBucket[] {
	const end = read(before);
	const buckets: IntervalBucket[] = [];
	let cursor = read(after);
	while (!cursor.isAfter(end)) {
		const next = nextBucketStart(cursor, interval, startOfWeek);
		const lastSecond = next.clone().subtract(1, 'second');
		buckets.push({
			key: keyOf(cursor, interval, startOfWeek),
			start: cursor.format(FORMAT),
			end: (lastSecond.isAfter(end) ? end : lastSecond).format(FORMAT),
		});
		cursor = next;
	}
	return buckets;
}

function referenceStart(value: string, interval: IntervalType, startOfWeek: number): string {
	const wall = read(value);
	if (interval !== 'week') return wall.clone().startOf(interval).format(FORMAT);
	const key = keyOf(wall, 'week', startOfWeek);
	const cursor = wall.clone().startOf('day');
	while (keyOf(cursor.clone().subtract(1, 'day'), 'week', startOfWeek) === key) {
		cursor.subtract(1, 'day');
	}
	return cursor.format(FORMAT);
}

/** A wall time between 1900 and 2199 (whole seconds), as the reports write it. */
const instant = fc
	.integer({ min: Date.UTC(1900, 0, 1) / 1000, max: Date.UTC(2199, 11, 31, 23, 59, 59) / 1000 })
	.map((seconds) => moment.utc(seconds * 1000).format(FORMAT));

/** A range of up to `days` days from a random instant. */
const range = (days: number) =>
	fc.tuple(instant, fc.integer({ min: 0, max: days * 86_400 })).map(([after, seconds]) => ({
		after,
		before: read(after).add(seconds, 'seconds').format(FORMAT),
	}));

const startOfWeek = fc.integer({ min: 0, max: 6 });

const EDGES = [
	'1969-12-31 23:59:59',
	'1970-01-01 00:00:00',
	'2000-02-29 12:00:00',
	'2020-12-31 23:59:59',
	'2021-01-01 00:00:00',
	'2024-12-30 00:00:00',
	'2026-11-29 23:59:59',
	'2026-11-30 00:00:00',
	'2100-02-28 23:59:59',
	'2100-03-01 00:00:00',
];

describe('the interval maths equals moment’s', () => {
	it('for the key and the bucket start of any instant, every interval and week start', () => {
		fc.assert(
			fc.property(fc.oneof(instant, fc.constantFrom(...EDGES)), startOfWeek, (at, week) => {
				for (const interval of INTERVALS) {
					expect(getIntervalKey(at, interval, week)).toBe(
						keyOf(read(at), interval, week),
					);
					expect(getIntervalStart(at, interval, week)).toBe(
						referenceStart(at, interval, week),
					);
				}
			}),
			{ numRuns: 400 },
		);
	});

	it('for the buckets and their count of any range', () => {
		fc.assert(
			fc.property(
				range(800),
				fc.constantFrom<IntervalType>('day', 'week', 'month', 'quarter', 'year'),
				startOfWeek,
				({ after, before }, interval, week) => {
					const buckets = getIntervalBuckets(after, before, interval, week);
					expect(buckets).toEqual(referenceBuckets(after, before, interval, week));
					expect(getIntervalCount(after, before, interval, week)).toBe(buckets.length);
				},
			),
			{ numRuns: 300 },
		);
		fc.assert(
			fc.property(range(6), startOfWeek, ({ after, before }, week) => {
				const buckets = getIntervalBuckets(after, before, 'hour', week);
				expect(buckets).toEqual(referenceBuckets(after, before, 'hour', week));
				expect(getIntervalCount(after, before, 'hour', week)).toBe(buckets.length);
			}),
			{ numRuns: 100 },
		);
	});

	it('for ranges across the edges, and an empty list for a range that ends before it starts', () => {
		for (const after of EDGES) {
			for (const before of EDGES) {
				for (const interval of ['day', 'week', 'month', 'quarter', 'year'] as const) {
					for (const week of [0, 1, 6]) {
						if (read(before).diff(read(after), 'days') > 800) continue;
						expect(getIntervalBuckets(after, before, interval, week)).toEqual(
							referenceBuckets(after, before, interval, week),
						);
					}
				}
			}
		}
		expect(getIntervalBuckets('2026-11-30 00:00:00', '2026-11-29 23:59:59', 'day')).toEqual([]);
		expect(getIntervalCount('2026-11-30 00:00:00', '2026-11-29 23:59:59', 'week')).toBe(0);
	});

	it('reads every spelling it read before and refuses what it refused', () => {
		expect(getIntervalKey('2026-11-30T10:05', 'hour')).toBe('2026-11-30 10');
		expect(getIntervalKey(' 2026-11-30 ', 'week', 1)).toBe('2026-49');
		expect(getIntervalKey(moment.utc('2026-11-30T23:00:00'), 'day')).toBe('2026-11-30');
		// moment reads 24:00:00 as the next day's midnight (ISO 8601): still so.
		expect(getIntervalKey('2026-11-30 24:00:00', 'day')).toBe(
			keyOf(read('2026-11-30 24:00:00'), 'day', 1),
		);
		for (const bad of ['2026-02-30', '2026-13-01', '2026-11-30 23:60:00', '30/11/2026', '']) {
			expect(() => getIntervalKey(bad, 'day')).toThrow(/Invalid date/);
		}
	});
});
