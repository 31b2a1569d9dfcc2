/**
 * The demo order history: order counts per day from growth × seasonality × weekday, placed in
 * the day by the hour-of-day and weekday shape of `hours.ts` in store time; a mix of statuses by
 * age, returning customers, coupons, multi-rate taxes, shipping, downloads, and full and partial
 * refunds (written after every order, with ids after the last order's).
 */
import type { Catalogue, Product } from './catalogue.js';
import { DAY, type DemoContext } from './context.js';
import type { Customer, Customers } from './customers.js';
import { COUPONS, TAX_RATES, type TaxRate } from './data.js';
import { MEAN_HOUR_WEIGHT, SLOT, instantAt, slotWeights } from './hours.js';
import { writeOrderDimensions } from './order-dimensions.js';

/** Shipping lines' item ids: their own range, so that product line ids stay as they were. */
const SHIPPING_ITEM_IDS = 10_000_000_000;

/** Amounts in cents while computing; written in currency units. */
interface Line {
	id: number;
	product: Product;
	qty: number;
	subtotal: number;
	total: number;
	taxes: number[];
	shipping: number;
	shippingTax: number;
}

/** Per tax rate: tax on the order's lines and on its shipping (cents). */
type RateTax = Array<{ order: number; shipping: number }>;

/** Running ids and the refunds waiting to be written. */
interface History {
	orderId: number;
	refundId: number;
	itemId: number;
	permissionId: number;
	logId: number;
	/** Customers who ordered, most recent last (returning customers are picked among them). */
	active: Customer[];
	refunds: Array<() => void>;
}

const IPS = Array.from({ length: 40 }, (_, i) => `203.0.113.${i + 10}`);

/**
 * Each day of the history: its relative order volume (growth × season × its hours' weights,
 * which carry the weekday, × a little noise) and the cumulative weights of its quarter hours in
 * store time, by which its orders are placed.
 */
function historyDays(ctx: DemoContext): Array<{ weight: number; slots: number[]; length: number }> {
	const days: Array<{ weight: number; slots: number[]; length: number }> = [];
	for (let d = 0; d < ctx.days; d++) {
		const dayStart = ctx.startMs + d * DAY;
		const month = new Date(dayStart).getUTCMonth();
		const growth = 1 + (1.2 * d) / ctx.days;
		const season =
			month === 10
				? 1.6
				: month === 11
					? 1.8
					: month === 0 || month === 1
						? 0.8
						: month >= 5 && month <= 7
							? 1.1
							: 1;
		const length = Math.max(1, Math.min(DAY, ctx.nowMs - dayStart));
		const slots = slotWeights(dayStart, length, ctx.wall);
		const hours = slots[slots.length - 1] / ((DAY / SLOT) * MEAN_HOUR_WEIGHT);
		days.push({ weight: growth * season * hours * (0.85 + 0.3 * ctx.rand()), slots, length });
	}
	return days;
}

/** Recent orders are mostly still open; older ones mostly completed. */
function statusFor(ctx: DemoContext, ageDays: number): string {
	const r = ctx.rand();
	if (ageDays < 3)
		return r < 0.45
			? 'processing'
			: r < 0.6
				? 'on-hold'
				: r < 0.75
					? 'pending'
					: r < 0.95
						? 'completed'
						: 'failed';
	if (r < 0.84) return 'completed';
	if (r < 0.875) return 'refunded';
	if (r < 0.905) return 'cancelled';
	if (r < 0.93) return 'failed';
	if (r < 0.955) return 'processing';
	if (r < 0.975) return 'on-hold';
	return 'pending';
}

/** 45 % of orders (once a few customers exist) come from a returning customer, recent ones likelier. */
function chooseCustomer(
	ctx: DemoContext,
	customers: Customers,
	history: History,
	at: number,
): Customer {
	let customer: Customer;
	if (history.active.length > 5 && ctx.rand() < 0.45) {
		customer = history.active[Math.floor(Math.pow(ctx.rand(), 1.6) * history.active.length)];
	} else {
		customer = customers.create(at);
		history.active.push(customer);
	}
	customer.lastActive = Math.max(customer.lastActive, at);
	return customer;
}

/** One to four distinct products, mostly one of each. */
function buildLines(ctx: DemoContext, catalogue: Catalogue, history: History): Line[] {
	const lineCount = 1 + Math.floor(Math.pow(ctx.rand(), 2) * 4);
	const lines: Line[] = [];
	for (let l = 0; l < lineCount; l++) {
		const product = catalogue.pickProduct();
		if (lines.some((x) => x.product.id === product.id)) continue;
		const qty = ctx.rand() < 0.75 ? 1 : 2 + Math.floor(ctx.rand() * 3);
		const subtotal = Math.round(product.price * 100) * qty;
		lines.push({
			id: ++history.itemId,
			product,
			qty,
			subtotal,
			total: subtotal,
			taxes: [],
			shipping: 0,
			shippingTax: 0,
		});
	}
	return lines;
}

/** Applies coupon `coupon` (1-based, 0 for none): spreads the discount over the lines' totals. */
function applyCoupon(lines: Line[], coupon: number): number {
	if (!coupon) return 0;
	const subtotal = lines.reduce((s, l) => s + l.subtotal, 0);
	const [, type, amount] = COUPONS[coupon - 1];
	const discount =
		type === 'percent'
			? Math.round((subtotal * amount) / 100)
			: Math.min(subtotal, amount * 100);
	let left = discount;
	for (const [i, line] of lines.entries()) {
		const share =
			i === lines.length - 1 ? left : Math.round((discount * line.subtotal) / subtotal);
		line.total = line.subtotal - share;
		left -= share;
	}
	return discount;
}

/** Taxes per rate on each line and on shipping; shipping and its tax spread over the lines by quantity. */
function applyTaxesAndShipping(
	lines: Line[],
	rates: readonly TaxRate[],
	shipping: number,
): RateTax {
	const items = lines.reduce((s, l) => s + l.qty, 0);
	const rateTax: RateTax = rates.map(() => ({ order: 0, shipping: 0 }));
	let shipLeft = shipping;
	for (const [i, line] of lines.entries()) {
		line.taxes = rates.map((r, k) => {
			const t = Math.round((line.total * r.rate) / 100);
			rateTax[k].order += t;
			return t;
		});
		line.shipping =
			i === lines.length - 1 ? shipLeft : Math.round((shipping * line.qty) / items);
		shipLeft -= line.shipping;
	}
	rates.forEach((r, k) => {
		if (r.shipping) rateTax[k].shipping = Math.round((shipping * r.rate) / 100);
	});
	const shippingTax = rateTax.reduce((s, r) => s + r.shipping, 0);
	let shipTaxLeft = shippingTax;
	for (const [i, line] of lines.entries()) {
		line.shippingTax =
			i === lines.length - 1 ? shipTaxLeft : Math.round((shippingTax * line.qty) / items);
		shipTaxLeft -= line.shippingTax;
	}
	return rateTax;
}

/** The order's lines with their attribute meta. */
function writeLines(ctx: DemoContext, catalogue: Catalogue, orderId: number, lines: Line[]): void {
	for (const line of lines) {
		const tax = line.taxes.reduce((s, t) => s + t, 0);
		const parent = catalogue.parentOf(line.product);
		ctx.out('order_items').row([
			line.id,
			orderId,
			parent.id,
			line.product.parent ? line.product.id : 0,
			line.product.name,
			line.qty,
			line.subtotal / 100,
			line.total / 100,
			tax / 100,
			line.shipping / 100,
			line.shippingTax / 100,
		]);
		for (const [a, t] of line.product.attrs) {
			ctx.out('order_item_meta').row([
				line.id,
				a === 1 ? 'pa_color' : 'pa_size',
				catalogue.termById.get(t)?.slug ?? '',
			]);
		}
	}
}

/** Download permissions and logs of a paid order's downloadable lines. */
function writeDownloads(
	ctx: DemoContext,
	history: History,
	orderId: number,
	customer: Customer,
	lines: Line[],
	paid: number,
): void {
	for (const line of lines) {
		if (!line.product.downloadable) continue;
		const pid = ++history.permissionId;
		const tries = Math.floor(ctx.rand() * 4);
		// Up to ten days after payment; one still to come has not happened (and is not counted).
		const downloads: Array<[number, string]> = [];
		for (let k = 0; k < tries; k++) {
			const when = paid + Math.floor(ctx.rand() * 10 * DAY);
			const ip = ctx.pick(IPS);
			if (when <= ctx.nowMs) downloads.push([when, ip]);
		}
		ctx.out('downloadable_product_permissions').row([
			pid,
			`${line.product.id}-file`,
			line.product.id,
			orderId,
			`wc_order_${orderId}`,
			customer.email,
			customer.userId,
			'',
			ctx.gmt(paid),
			null,
			downloads.length,
		]);
		for (const [when, ip] of downloads)
			ctx.out('download_log').row([++history.logId, ctx.gmt(when), pid, customer.userId, ip]);
	}
}

interface PlacedOrder {
	id: number;
	customer: Customer;
	lines: Line[];
	rates: readonly TaxRate[];
	rateTax: RateTax;
}

/**
 * A refund of the whole order (`partialLine` null: every line, shipping and its tax) or of one
 * unit of one line, dated `when`; written later by `history.refunds`.
 */
function scheduleRefund(
	ctx: DemoContext,
	catalogue: Catalogue,
	history: History,
	order: PlacedOrder,
	when: number,
	partialLine: Line | null,
): void {
	const rid = ++history.refundId;
	const { id, customer, lines, rates, rateTax } = order;
	history.refunds.push(() => {
		const refundLines = partialLine ? [partialLine] : lines;
		let net = 0;
		let tax = 0;
		let ship = 0;
		let shipTax = 0;
		const perRate: RateTax = rates.map(() => ({ order: 0, shipping: 0 }));
		for (const line of refundLines) {
			const qty = partialLine ? 1 : line.qty;
			const lineNet = Math.round((line.total * qty) / line.qty);
			const lineTaxes = line.taxes.map((t) => Math.round((t * qty) / line.qty));
			const lineShip = partialLine ? 0 : line.shipping;
			const lineShipTax = partialLine ? 0 : line.shippingTax;
			lineTaxes.forEach((t, k) => (perRate[k].order += t));
			const lt = lineTaxes.reduce((s, t) => s + t, 0);
			net += lineNet;
			tax += lt;
			ship += lineShip;
			shipTax += lineShipTax;
			const parent = catalogue.parentOf(line.product);
			ctx.out('order_items').row([
				++history.itemId,
				rid,
				parent.id,
				line.product.parent ? line.product.id : 0,
				line.product.name,
				-qty,
				-lineNet / 100,
				-lineNet / 100,
				-lt / 100,
				-lineShip / 100,
				-lineShipTax / 100,
			]);
		}
		if (!partialLine) rates.forEach((_, k) => (perRate[k].shipping = rateTax[k].shipping));
		const refundTotal = net + tax + ship + shipTax;
		ctx.out('orders').row([
			rid,
			id,
			'shop_order_refund',
			String(id),
			'completed',
			'USD',
			customer.id,
			customer.userId,
			'',
			'',
			'',
			'',
			'',
			'',
			'',
			0,
			-ship / 100,
			-shipTax / 100,
			-tax / 100,
			-refundTotal / 100,
			'',
			ctx.local(when),
			ctx.gmt(when),
			null,
			null,
		]);
		rates.forEach((r, k) => {
			if (perRate[k].order || perRate[k].shipping)
				ctx.out('order_tax_items').row([
					rid,
					r.id,
					-perRate[k].shipping / 100,
					-perRate[k].order / 100,
				]);
		});
	});
}

/** One order placed at `at` with its lines, taxes, coupon, downloads and maybe a refund. */
function writeOrder(
	ctx: DemoContext,
	catalogue: Catalogue,
	customers: Customers,
	history: History,
	at: number,
): void {
	const id = ++history.orderId;
	let status = statusFor(ctx, (ctx.nowMs - at) / DAY);
	const customer = chooseCustomer(ctx, customers, history, at);
	const [country, state, city, postcode] = customer.place;
	const rates = TAX_RATES.filter(
		(r) => r.country === country && (r.state === '' || r.state === state),
	);
	const coupon = ctx.rand() < 0.14 ? 1 + Math.floor(ctx.rand() * COUPONS.length) : 0;
	const lines = buildLines(ctx, catalogue, history);
	const subtotal = lines.reduce((s, l) => s + l.subtotal, 0);
	const discount = applyCoupon(lines, coupon);
	const physical = lines.some((l) => !l.product.downloadable);
	const shipping = physical && subtotal - discount < 10000 ? 500 : 0;
	const rateTax = applyTaxesAndShipping(lines, rates, shipping);
	const shippingTax = rateTax.reduce((s, r) => s + r.shipping, 0);
	const cartTax = rateTax.reduce((s, r) => s + r.order, 0);
	const orderTotal = subtotal - discount + cartTax + shipping + shippingTax;
	const paid =
		status === 'pending' || status === 'failed' || status === 'cancelled'
			? null
			: Math.min(at + 60_000, ctx.nowMs);
	// Completed two days after the order, or, for an order younger than that, halfway to now.
	const completed =
		status === 'completed' || status === 'refunded'
			? at + 2 * DAY <= ctx.nowMs
				? at + 2 * DAY
				: at + Math.floor((ctx.nowMs - at) / 2)
			: null;
	const paymentMethod = ctx.pick(['stripe', 'paypal', 'bacs']);
	// The order's row is written once its refund is known (below): its status depends on it.
	const orderRow = (): Array<string | number | null> => [
		id,
		0,
		'shop_order',
		String(id),
		status,
		'USD',
		customer.id,
		customer.userId,
		customer.first,
		customer.last,
		customer.email,
		country,
		state,
		city,
		postcode,
		discount / 100,
		shipping / 100,
		shippingTax / 100,
		cartTax / 100,
		orderTotal / 100,
		paymentMethod,
		ctx.local(at),
		ctx.gmt(at),
		paid === null ? null : ctx.local(paid),
		completed === null ? null : ctx.local(completed),
	];
	writeLines(ctx, catalogue, id, lines);
	writeOrderDimensions(ctx, {
		id,
		paymentMethod,
		physical,
		shipping,
		shippingTax,
		country,
		state,
		shippingItemId: SHIPPING_ITEM_IDS + id,
	});
	rates.forEach((r, k) => {
		ctx.out('order_tax_items').row([
			id,
			r.id,
			rateTax[k].shipping / 100,
			rateTax[k].order / 100,
		]);
	});
	if (coupon) ctx.out('order_coupon_items').row([id, coupon, discount / 100]);
	if (paid !== null && status !== 'refunded')
		writeDownloads(ctx, history, id, customer, lines, paid);

	// Refunds: full for refunded orders, partial (one unit of one line) for a few completed ones,
	// one to twenty-one days after the order. A refund still to come has not happened: the order is
	// completed so far (a refunded one is at least three days old, so completed two days after it)
	// and nothing is refunded yet, so no refund is piled onto the moment the store is made.
	const refundFull = status === 'refunded';
	const refundPartial = status === 'completed' && ctx.rand() < 0.04;
	if (refundFull || refundPartial) {
		const when = at + (1 + Math.floor(ctx.rand() * 20)) * DAY + Math.floor(ctx.rand() * DAY);
		const partialLine = refundPartial ? lines[Math.floor(ctx.rand() * lines.length)] : null;
		if (when <= ctx.nowMs)
			scheduleRefund(
				ctx,
				catalogue,
				history,
				{ id, customer, lines, rates, rateTax },
				when,
				partialLine,
			);
		else status = 'completed';
	}
	ctx.out('orders').row(orderRow());
}

/**
 * Writes `orderCount` orders spread over the history, then their refunds. Returns the number of
 * order rows (orders + refunds).
 */
export function writeOrderHistory(
	ctx: DemoContext,
	catalogue: Catalogue,
	customers: Customers,
	orderCount: number,
): number {
	const days = historyDays(ctx);
	const total = days.reduce((s, day) => s + day.weight, 0);
	const history: History = {
		orderId: 0,
		refundId: orderCount,
		itemId: 0,
		permissionId: 0,
		logId: 0,
		active: [],
		refunds: [],
	};
	let assigned = 0;
	let carry = 0;
	for (let d = 0; d < ctx.days && assigned < orderCount; d++) {
		carry += (days[d].weight / total) * orderCount;
		let count = Math.floor(carry);
		carry -= count;
		if (d === ctx.days - 1) count = orderCount - assigned;
		count = Math.min(count, orderCount - assigned);
		assigned += count;
		const dayStart = ctx.startMs + d * DAY;
		const { slots, length } = days[d];
		const times: number[] = [];
		for (let i = 0; i < count; i++) times.push(instantAt(slots, dayStart, length, ctx.rand()));
		times.sort((a, b) => a - b);
		for (const at of times) writeOrder(ctx, catalogue, customers, history, at);
	}
	for (const refund of history.refunds) refund();
	return history.orderId + (history.refundId - orderCount);
}
