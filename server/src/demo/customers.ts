/** Demo customers: registered users and guests, created as orders need them, and a few idle users. */
import { DAY, type DemoContext } from './context.js';
import { FIRST, LAST, PLACES } from './data.js';

export type Place = (typeof PLACES)[number];

export interface Customer {
	id: number;
	userId: number | null;
	first: string;
	last: string;
	email: string;
	place: Place;
	registered: number | null;
	lastActive: number;
}

export interface Customers {
	all: Customer[];
	/** A new customer first seen at `at` (UTC ms); 65 % register an account. */
	create: (at: number) => Customer;
}

export function createCustomers(ctx: DemoContext): Customers {
	const placeWeights: number[] = [];
	let placeAcc = 0;
	for (const p of PLACES) placeWeights.push((placeAcc += p[4]));
	const pickPlace = (): Place => {
		const r = ctx.rand() * placeAcc;
		return PLACES[placeWeights.findIndex((w) => w >= r)] ?? PLACES[0];
	};
	const all: Customer[] = [];
	const create = (at: number): Customer => {
		const id = all.length + 1;
		const first = ctx.pick(FIRST);
		const last = ctx.pick(LAST);
		const registered = ctx.rand() < 0.65;
		const c: Customer = {
			id,
			userId: registered ? id + 1 : null,
			first,
			last,
			email: `${first}.${last}.${id}@example.com`.toLowerCase(),
			place: pickPlace(),
			registered: registered ? at - Math.floor(ctx.rand() * 3_600_000) : null,
			lastActive: at,
		};
		all.push(c);
		return c;
	};
	return { all, create };
}

/** A few registered users who never order (at least 3, one per 500 orders). */
export function createIdleUsers(ctx: DemoContext, customers: Customers, orderCount: number): void {
	const idleUsers = Math.max(3, Math.floor(orderCount / 500));
	for (let i = 0; i < idleUsers; i++)
		customers.create(ctx.startMs + Math.floor(ctx.rand() * ctx.days) * DAY);
}

/** `users` rows of registered customers and the `customer_lookup` of everyone. */
export function writeCustomers(ctx: DemoContext, customers: readonly Customer[]): void {
	for (const c of customers) {
		if (c.userId !== null) {
			ctx.out('users').row([
				c.userId,
				`${c.first}${c.id}`.toLowerCase(),
				c.email,
				c.first,
				c.last,
				'customer',
				ctx.gmt(c.registered ?? ctx.startMs),
			]);
		}
		const [country, state, city, postcode] = c.place;
		ctx.out('customer_lookup').row([
			c.id,
			c.userId,
			c.userId === null ? '' : `${c.first}${c.id}`.toLowerCase(),
			c.first,
			c.last,
			c.email,
			ctx.gmt(c.lastActive),
			c.registered === null ? null : ctx.gmt(c.registered),
			country,
			postcode,
			city,
			state,
		]);
	}
}
