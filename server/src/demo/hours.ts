/**
 * When a shop's orders come: a day and a week shape in the store's time zone. Few orders at
 * night, a rise through the morning, a lunch peak and a higher evening one; Sunday and Monday
 * evenings busiest, Saturday quietest (a late start, a flatter day). The order history places
 * each day's orders by these weights (`writeOrderHistory`) and scales each day's count by them.
 */

/** Relative order volume of each local hour on a weekday (Tuesday to Friday). */
const HOURS = [
	0.22, 0.12, 0.07, 0.05, 0.05, 0.08, 0.22, 0.5, 0.85, 1.05, 1.2, 1.45, 1.7, 1.55, 1.25, 1.15,
	1.15, 1.3, 1.55, 1.85, 2, 1.75, 1.2, 0.6,
];

/** Relative volume of each weekday (0 = Sunday), before the evening and Saturday shapes. */
const WEEKDAYS = [0.95, 1.08, 1.03, 1, 1, 0.95, 0.86];

/** Order weight of a local wall-clock hour (0–23) on a local weekday (0 = Sunday). */
export function hourWeight(weekday: number, hour: number): number {
	let weight = HOURS[hour] * WEEKDAYS[weekday];
	// Sunday and Monday evenings: people shop from the sofa.
	if ((weekday === 0 || weekday === 1) && hour >= 18 && hour <= 22) weight *= 1.4;
	// Saturday: a late start and a flatter, quieter day.
	if (weekday === 6) {
		if (hour >= 6 && hour <= 9) weight *= 0.6;
		if (hour >= 18 && hour <= 21) weight *= 0.85;
	}
	return weight;
}

/** The mean hour weight over a whole week (a day of average weight sums to 24 × this). */
export const MEAN_HOUR_WEIGHT = (() => {
	let sum = 0;
	for (let weekday = 0; weekday < 7; weekday++)
		for (let hour = 0; hour < 24; hour++) sum += hourWeight(weekday, hour);
	return sum / (7 * 24);
})();

/** Quarter-hour slots: fine enough to follow a time zone's half- and quarter-hour offsets. */
export const SLOT = 900_000;

/**
 * The cumulative weights of the quarter-hour slots of [start, start + length) (UTC ms), each
 * weighted by its local hour and weekday (`wall` turns a UTC instant into naive local ms); the
 * last slot is cut to what remains of the length.
 */
export function slotWeights(
	start: number,
	length: number,
	wall: (utc: number) => number,
): number[] {
	const cumulative: number[] = [];
	let sum = 0;
	for (let at = start; at < start + length; at += SLOT) {
		const local = new Date(wall(at));
		const share = Math.min(SLOT, start + length - at) / SLOT;
		sum += hourWeight(local.getUTCDay(), local.getUTCHours()) * share;
		cumulative.push(sum);
	}
	return cumulative;
}

/**
 * The instant at which a uniform draw `u` (0 ≤ u < 1) falls in the slots of `cumulative`
 * (from `slotWeights(start, length, …)`): the slot by its weight, then evenly within it.
 */
export function instantAt(cumulative: number[], start: number, length: number, u: number): number {
	const total = cumulative[cumulative.length - 1];
	const target = u * total;
	let lo = 0;
	let hi = cumulative.length - 1;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (cumulative[mid] > target) hi = mid;
		else lo = mid + 1;
	}
	const before = lo === 0 ? 0 : cumulative[lo - 1];
	const within = (target - before) / (cumulative[lo] - before);
	const slotStart = start + lo * SLOT;
	const slotLength = Math.min(SLOT, start + length - slotStart);
	return Math.min(start + length - 1, slotStart + Math.floor(within * slotLength));
}
