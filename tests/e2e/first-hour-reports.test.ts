/**
 * The report screens as a new store admin meets them in the first hour (issue 18): item searches
 * in the Show menu usable with a real mouse and customers told apart by e-mail, rows per page on
 * the revenue table, legend totals and order in a comparison, the orders table inside its card,
 * negative values in charts, the admin font in menus and dialogs, and no second menu inside
 * wp-admin. Clicks go through `page.mouse` at the element's place on screen, so anything covering
 * it would take the click.
 */
import type { Locator, Page } from 'playwright-core';

import {
	adminUrl,
	api,
	fileBrowser,
	isoDay,
	money,
	openPage,
	screenshot,
	settled,
	weeklyNetSales,
	weeksWithLongerPrevious,
} from './helpers.js';

const browser = fileBrowser();

/**
 * A real mouse click at the centre of what `locator` shows, after checking nothing covers it
 * (`scroll`: brought into view first; an option already is, see expectOptionsUsable).
 */
async function mouseClick(page: Page, locator: Locator, scroll = true): Promise<void> {
	if (scroll) {
		await locator.scrollIntoViewIfNeeded();
	}
	const box = await locator.boundingBox();
	if (!box) {
		throw new Error('The element to click is not on screen.');
	}
	const x = box.x + box.width / 2;
	const y = box.y + box.height / 2;
	const onTop = await locator.evaluate(
		(element, point) => {
			const hit = document.elementFromPoint(point.x, point.y);
			return Boolean(hit && (hit === element || element.contains(hit)));
		},
		{ x, y },
	);
	expect(onTop).toBe(true);
	await page.mouse.click(x, y);
}

/**
 * Every option of the open suggestion list can be brought into view (the list scrolls when long)
 * and is then the element under the mouse at its centre: nothing clips or covers it.
 */
async function expectOptionsUsable(page: Page): Promise<void> {
	const problems = await page.evaluate(() => {
		const found: string[] = [];
		for (const option of document.querySelectorAll<HTMLElement>('[role="option"]')) {
			// Scrolled into view the way a user can: the scrollable boxes (the list itself, the
			// popover, the page) move; a box with overflow hidden does not (scrollIntoView would
			// scroll it and hide the defect).
			for (
				let box = option.parentElement;
				box && box !== document.body;
				box = box.parentElement
			) {
				const overflow = getComputedStyle(box).overflowY;
				if (
					(overflow === 'auto' || overflow === 'scroll') &&
					box.scrollHeight > box.clientHeight
				) {
					const outer = box.getBoundingClientRect();
					const inner = option.getBoundingClientRect();
					if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
					if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
				}
			}
			const inView = option.getBoundingClientRect();
			if (inView.bottom > window.innerHeight)
				window.scrollBy(0, inView.bottom - window.innerHeight);
			if (inView.top < 0) window.scrollBy(0, inView.top);
			const box = option.getBoundingClientRect();
			const text = (option.textContent ?? '').trim();
			if (box.height < 16 || box.top < 0 || box.bottom > window.innerHeight) {
				found.push(`“${text}” is cut off or off-screen (${box.top}–${box.bottom})`);
				continue;
			}
			for (const y of [box.top + 4, box.top + box.height / 2, box.bottom - 4]) {
				const hit = document.elementFromPoint(box.left + box.width / 2, y);
				if (!hit || !(hit === option || option.contains(hit))) {
					found.push(
						`“${text}” is covered or clipped at y=${Math.round(y)} (${hit?.className ?? 'nothing'})`,
					);
					break;
				}
			}
		}
		return found;
	});
	expect(problems).toEqual([]);
}

async function openShowMenu(page: Page): Promise<void> {
	await mouseClick(page, page.locator('.abacus-filter-picker__dropdown button').first());
}

describe('Show › single item searches (mouse)', () => {
	it('Products › Single product: the suggestions for “hood” are all visible and a mouse click picks one', async () => {
		const { page, errors } = await openPage(browser(), '/analytics/products', {
			period: 'last_year',
			compare: 'previous_year',
		});
		await settled(page, { spinners: false });
		await openShowMenu(page);
		await mouseClick(page, page.getByRole('button', { name: 'Single product' }));
		const input = page.getByRole('combobox', { name: 'Type to search for a product' });
		await input.click();
		await page.keyboard.type('hood');
		await page.locator('[role="option"]').first().waitFor({ timeout: 30000 });
		await expect(page.locator('[role="option"]').count()).resolves.toBeGreaterThan(1);
		await expectOptionsUsable(page);
		await screenshot(page, 'first-hour-single-product-suggestions');
		const last = page.locator('[role="option"]').last();
		const name = (await last.innerText()).trim();
		await mouseClick(page, last, false);
		await page.waitForURL(/filter=single_product/, { timeout: 30000 });
		expect(new URL(page.url()).searchParams.get('products')).toMatch(/^\d+$/);
		// The Show button names the picked product.
		await page.waitForFunction(
			(expected) =>
				document
					.querySelector('.abacus-filter-picker__dropdown button')
					?.textContent?.includes(expected),
			name.split('\n')[0].trim(),
			{ polling: 100, timeout: 30000 },
		);
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('Customers › Single customer: the suggestions show the e-mail, so same names differ, and a mouse click picks one', async () => {
		const { body: customers } = await api<Array<{ name: string; email: string }>>(
			'/wc-analytics/reports/customers',
			{ per_page: 100, orderby: 'name', order: 'asc' },
		);
		// A first name that several customers share.
		const counts = new Map<string, number>();
		for (const customer of customers) {
			const first = customer.name.split(' ')[0];
			counts.set(first, (counts.get(first) ?? 0) + 1);
		}
		const shared = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
		const { page, errors } = await openPage(browser(), '/customers');
		await settled(page, { spinners: false });
		await openShowMenu(page);
		await mouseClick(page, page.getByRole('button', { name: 'Single customer' }));
		const input = page.getByRole('combobox', { name: 'Type to search for a customer' });
		await input.click();
		await page.keyboard.type(shared);
		await page.locator('[role="option"]').first().waitFor({ timeout: 30000 });
		const texts = await page.locator('[role="option"]').allInnerTexts();
		expect(texts.length).toBeGreaterThan(1);
		for (const text of texts) {
			expect(text).toMatch(/@/);
		}
		// Every suggestion reads differently.
		expect(new Set(texts).size).toBe(texts.length);
		await expectOptionsUsable(page);
		await screenshot(page, 'first-hour-single-customer-suggestions');
		await mouseClick(page, page.locator('[role="option"]').last(), false);
		await page.waitForURL(/filter=single_customer/, { timeout: 30000 });
		expect(new URL(page.url()).searchParams.get('customers')).toMatch(/^\d+$/);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('Revenue', () => {
	it('Rows per page 50 and 100 show 50 and 100 days (by day and by week)', async () => {
		for (const interval of ['day', 'week']) {
			const { page } = await openPage(browser(), '/analytics/revenue', {
				period: 'last_year',
				compare: 'previous_year',
				interval,
			});
			await settled(page, { spinners: false });
			const rows = page.locator('.abacus-report-table tbody tr');
			await expect(rows.count()).resolves.toBe(25);
			for (const perPage of [50, 100]) {
				await page.getByLabel('Rows per page').selectOption(String(perPage));
				await page.waitForFunction(
					(expected) =>
						document.querySelectorAll('.abacus-report-table tbody tr').length ===
							expected && !document.querySelector('.is-placeholder'),
					perPage,
					{ polling: 100, timeout: 30000 },
				);
				await expect(page.locator('.abacus-pagination__label').innerText()).resolves.toBe(
					`Page 1 of ${Math.ceil(365 / perPage)}`,
				);
			}
			await page.context().close();
		}
	});

	it('custom range vs previous period by week: the legend totals are the tiles’ figures and the current period comes first', async () => {
		// Two weeks whose previous period spans three, the last one partial.
		const { start, end, prevStart, prevEnd } = weeksWithLongerPrevious();
		const current = await weeklyNetSales(start, end);
		const previous = await weeklyNetSales(prevStart, prevEnd);
		// The situation of the defect: the previous period has one more (partial) week.
		expect(previous.intervals.length).toBe(current.intervals.length + 1);

		const { page, errors } = await openPage(browser(), '/analytics/revenue', {
			period: 'custom',
			compare: 'previous_period',
			after: isoDay(start),
			before: isoDay(end),
			interval: 'week',
			chart: 'net_revenue',
		});
		await settled(page, { spinners: false });
		const legend = page.locator('main .abacus-legend__item');
		await expect(legend.count()).resolves.toBe(2);
		const titles = await legend.locator('.abacus-legend__title').allInnerTexts();
		const totals = await legend.locator('.abacus-legend__total').allInnerTexts();
		// Current period first, then the previous one, whichever total is larger.
		expect(titles[0]).toMatch(/^Custom/);
		expect(titles[1]).toMatch(/^Previous period/i);
		expect(totals[0]).toBe(money(current.totals.net_revenue));
		expect(totals[1]).toBe(money(previous.totals.net_revenue));
		const tile = page.locator('.abacus-summary__item', {
			has: page.locator('.abacus-summary__item-label', { hasText: /^Net sales$/ }),
		});
		await expect(tile.locator('.abacus-summary__item-value').innerText()).resolves.toBe(
			totals[0],
		);
		await expect(tile.innerText()).resolves.toContain(totals[1]);
		// Colours follow the place: the current period keeps the first colour.
		const swatches = await legend
			.locator('.abacus-legend__swatch')
			.evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).backgroundColor));
		expect(swatches[0]).not.toBe(swatches[1]);
		await screenshot(page, 'first-hour-revenue-week-comparison');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('a day with negative net sales: the y axis goes below 0 and no bar or line crosses the axis labels', async () => {
		// The days of the last 400 with negative net sales (refunds larger than the day's sales).
		const days: Array<{ date_start: string; subtotals: { net_revenue: number } }> = [];
		for (let page = 1; page <= 4; page++) {
			const { body } = await api<{
				intervals: Array<{ date_start: string; subtotals: { net_revenue: number } }>;
			}>('/wc-analytics/reports/revenue/stats', {
				after: `${isoDay(new Date(Date.now() - 399 * 86400000))}T00:00:00`,
				before: `${isoDay(new Date())}T23:59:59`,
				interval: 'day',
				per_page: 100,
				page,
			});
			days.push(...body.intervals);
		}
		const body = { intervals: days };
		const negative = body.intervals.find((interval) => interval.subtotals.net_revenue < 0);
		expect(negative).toBeDefined();
		const day = negative!.date_start.slice(0, 10);
		const from = new Date(`${day}T00:00:00Z`);
		from.setUTCDate(from.getUTCDate() - 3);
		const to = new Date(`${day}T00:00:00Z`);
		to.setUTCDate(to.getUTCDate() + 3);
		for (const chartType of ['bar', 'line']) {
			const { page } = await openPage(browser(), '/analytics/revenue', {
				period: 'custom',
				compare: 'previous_year',
				after: isoDay(from),
				before: isoDay(to),
				interval: 'day',
				chart: 'net_revenue',
				chartType,
			});
			await settled(page, { spinners: false });
			await page.locator('main .abacus-chart__svg').first().waitFor();
			const geometry = await page.evaluate(() => {
				const svg = document.querySelector('main .abacus-chart__svg') as SVGSVGElement;
				const axis = svg.querySelector('.abacus-chart__x-axis') as SVGGElement;
				const axisTop = axis.getBoundingClientRect().top;
				const texts = [...svg.querySelectorAll('.abacus-chart__y-axis text')];
				const labels = texts.map((text) => text.textContent ?? '');
				// Where the 0 tick sits: above the x axis when the y axis reaches below 0 (a small
				// negative gets no label of its own, which would sit on the 0 label).
				const zero = texts.find((text) =>
					/^[^0-9-−]*0([.,]0+)?$/.test(text.textContent ?? ''),
				);
				const marks = [
					...svg.querySelectorAll('.abacus-chart__bar, .abacus-chart__line'),
				].map((mark) => mark.getBoundingClientRect());
				return {
					labels,
					zeroY: zero
						? zero.getBoundingClientRect().top + zero.getBoundingClientRect().height / 2
						: null,
					lowest: Math.max(...marks.map((box) => box.bottom)),
					axisTop,
					top: svg.getBoundingClientRect().top,
					highest: Math.min(...marks.map((box) => box.top)),
				};
			});
			// Below 0: a negative label, or the 0 tick clearly above the x axis.
			expect(
				geometry.labels.some((label) => /^[-−]/.test(label)) ||
					(geometry.zeroY !== null && geometry.zeroY < geometry.axisTop - 2),
			).toBe(true);
			expect(geometry.lowest).toBeLessThanOrEqual(geometry.axisTop + 1);
			expect(geometry.highest).toBeGreaterThanOrEqual(geometry.top - 1);
			await screenshot(page, `first-hour-negative-${chartType}`);
			await page.context().close();
		}
	});
});

describe('Orders at 1440 px', () => {
	it('every column is reachable inside the card (it scrolls, with a shadow on the hidden side) and Product(s) shows the first item and +N more', async () => {
		const { page, errors } = await openPage(browser(), '/analytics/orders', {
			period: 'last_year',
			compare: 'previous_year',
		});
		await page.setViewportSize({ width: 1440, height: 900 });
		await settled(page, { spinners: false });
		const box = page.locator('.abacus-report-table .abacus-table__table');
		const card = await page.locator('.abacus-report-table').boundingBox();
		expect(card).not.toBeNull();
		expect(card!.x + card!.width).toBeLessThanOrEqual(1440);
		await expect(
			page.evaluate(() => document.documentElement.scrollWidth),
		).resolves.toBeLessThanOrEqual(1440);
		const overflow = await box.evaluate((node) => node.scrollWidth - node.clientWidth);
		if (overflow > 1) {
			await expect(
				page.locator('.abacus-report-table .abacus-table__scroll').getAttribute('class'),
			).resolves.toContain('has-more-right');
			await box.evaluate((node) => {
				node.scrollLeft = node.scrollWidth;
			});
		}
		for (const header of ['Coupon(s)', 'Net sales']) {
			const cell = await page
				.locator('.abacus-report-table th', { hasText: header })
				.boundingBox();
			expect(cell).not.toBeNull();
			expect(cell!.x).toBeGreaterThanOrEqual(card!.x - 1);
			expect(cell!.x + cell!.width).toBeLessThanOrEqual(card!.x + card!.width + 1);
		}
		await box.evaluate((node) => {
			node.scrollLeft = 0;
		});
		// Product(s): no cell wider than a column should be; a long order shows '+N more'.
		const widest = await page
			.locator('.abacus-report-table tbody td')
			.evaluateAll((cells) => Math.max(...cells.map((cell) => cell.clientWidth)));
		expect(widest).toBeLessThan(400);
		const more = page.locator('.abacus-report-table__more summary').first();
		await expect(more.innerText()).resolves.toMatch(/^\+\d+ more$/);
		const count = Number((await more.innerText()).replace(/\D/g, ''));
		await mouseClick(page, more);
		const details = page.locator('.abacus-report-table__more').first();
		await expect(details.getAttribute('open')).resolves.not.toBeNull();
		await expect(details.locator('li').count()).resolves.toBe(count);
		await screenshot(page, 'first-hour-orders-1440');
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('An address opened later (a saved view, a shared link)', () => {
	it('an advanced filter on a product shows the product’s name, not its id', async () => {
		const { body: products } = await api<Array<{ id: number; name: string }>>(
			'/wc-analytics/products',
			{ per_page: 1, orderby: 'popularity' },
		);
		const product = products[0];
		const { page, errors } = await openPage(browser(), '/analytics/orders', {
			period: 'last_month',
			compare: 'previous_year',
			filter: 'advanced',
			product_includes: String(product.id),
		});
		await settled(page, { spinners: false });
		const tags = page.locator('.abacus-advanced-filters [aria-label="Selected items"]');
		await page.waitForFunction(
			(name) =>
				document
					.querySelector('.abacus-advanced-filters [aria-label="Selected items"]')
					?.textContent?.includes(name),
			product.name,
			{ polling: 100, timeout: 30000 },
		);
		await expect(tags.innerText()).resolves.not.toMatch(new RegExp(`^\\s*${product.id}\\s*$`));
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('Menus and dialogs', () => {
	it('the Add a Filter menu and the Save view dialog use the admin font, not a serif', async () => {
		const { page } = await openPage(browser(), '/analytics/orders', {
			period: 'last_month',
			compare: 'previous_year',
		});
		await settled(page, { spinners: false });
		const fontOf = (locator: Locator) =>
			locator.evaluate((node) => getComputedStyle(node).fontFamily);
		await openShowMenu(page);
		await mouseClick(page, page.getByRole('button', { name: 'Advanced filters' }));
		await mouseClick(page, page.getByRole('button', { name: 'Add a Filter' }));
		const item = page.getByRole('menuitem', { name: 'Order status' });
		await item.waitFor();
		await expect(fontOf(item)).resolves.toMatch(/^-apple-system/);
		await expect(
			fontOf(page.locator('.components-popover').filter({ has: item })),
		).resolves.toMatch(/^-apple-system/);
		await page.keyboard.press('Escape');
		await mouseClick(page, page.getByRole('button', { name: 'Save view' }));
		const dialog = page.getByRole('dialog');
		await dialog.waitFor();
		await expect(fontOf(dialog)).resolves.toMatch(/^-apple-system/);
		await expect(fontOf(dialog.getByRole('textbox').first())).resolves.not.toMatch(/Times/);
		await screenshot(page, 'first-hour-save-view-dialog');
		await page.context().close();
	});
});

describe('Inside wp-admin', () => {
	it('shows no menu of its own beside WordPress’s; saved views stay one click away in a dropdown', async () => {
		const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
		const page = await context.newPage();
		// The page as wp-admin serves it: WordPress's admin menu before the app's root.
		const url = adminUrl('/analytics/revenue', {
			period: 'last_month',
			compare: 'previous_year',
		});
		await page.route(
			(address) => address.pathname.endsWith('/wp-admin/admin.php'),
			async (route) => {
				const response = await route.fetch();
				const html = (await response.text()).replace(
					/<body([^>]*)>/,
					'<body$1><div id="adminmenumain"><ul id="adminmenu"><li>Analytics</li></ul></div>',
				);
				await route.fulfill({ response, body: html });
			},
		);
		await page.goto(url);
		await settled(page, { spinners: false });
		await expect(
			page.getByRole('navigation', { name: 'Analytics menu' }).count(),
		).resolves.toBe(0);
		await expect(page.locator('.abacus-layout__sidebar').isVisible()).resolves.toBe(false);
		const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
		await expect(crumbs.getByRole('listitem').allTextContents()).resolves.toEqual([
			'Abacus',
			'Revenue',
		]);
		const button = page.getByRole('button', { name: 'Saved views' });
		await mouseClick(page, button);
		await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
		await page.getByRole('navigation', { name: 'Saved views' }).waitFor();
		await expect(page.getByRole('link', { name: 'Inbox' }).count()).resolves.toBe(0);
		await screenshot(page, 'first-hour-wp-admin-saved-views');
		await page.keyboard.press('Escape');
		await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
		await context.close();
	});
});
