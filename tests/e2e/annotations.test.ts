/**
 * Notes on charts end to end, in Chromium at 1440 and 390 px: a note added from the Revenue chart
 * with the keyboard (a date chosen with the arrow keys, Enter, "Add a note" in the date's menu) and
 * one with the mouse; their markers, their text in the tooltip (pointer and keyboard) and in the
 * chart's description; the "Show notes" toggle kept across a reload; the same notes on the
 * Overview's charts; the Revenue report's CSV with its Notes column (each note on its date's row);
 * the Settings list, a table at 1440 px and stacked rows on a phone (edit and delete there).
 */

import type { Browser, Page } from 'playwright-core';

import {
	adminUrl,
	api,
	downloadedText,
	elementScreenshot,
	lastMonth,
	launch,
	screenshot,
} from './helpers.js';

interface Stats {
	intervals: Array<{ date_start: string }>;
}

let browser: Browser;
const [after, before] = lastMonth();
const rangeQuery = { period: 'custom', compare: 'previous_year', after, before, interval: 'day' };

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

async function open(width: number, appPath: string, query: Record<string, string> = {}) {
	const context = await browser.newContext({ viewport: { width, height: 1000 } });
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto(adminUrl(appPath, query));
	return { page, errors };
}

async function chartReady(page: Page) {
	const chart = page.locator('main .abacus-chart__body').first();
	await chart.waitFor({ timeout: 60000 });
	await page.waitForFunction(() => !document.querySelector('.is-placeholder'), undefined, {
		polling: 100,
	});
	return chart;
}

/** The rows of a CSV file (a byte order mark first; quoted cells with doubled quotes, commas and line breaks inside). */
function parseCsv(file: string): string[][] {
	// The file starts with a byte order mark (for spreadsheets).
	const text = file.replace(/^\uFEFF/, '');
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let quoted = false;
	for (let i = 0; i < text.length; i += 1) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				cell += '"';
				i += 1;
			} else if (char === '"') quoted = false;
			else cell += char;
		} else if (char === '"') quoted = true;
		else if (char === ',') {
			row.push(cell);
			cell = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i += 1;
			row.push(cell);
			rows.push(row);
			row = [];
			cell = '';
		} else cell += char;
	}
	if (cell || row.length) rows.push([...row, cell]);
	return rows.filter((r) => r.some(Boolean));
}

/** A CSV date cell (ISO or as the table writes it, e.g. November 3, 2026) as YYYY-MM-DD. */
function csvDay(cell: string): string {
	const iso = /^\d{4}-\d{2}-\d{2}/.exec(cell);
	if (iso) return iso[0];
	const parsed = new Date(`${cell} 00:00:00 UTC`);
	return Number.isNaN(parsed.getTime()) ? cell : parsed.toISOString().slice(0, 10);
}

/** The chart body's accessible description. */
async function description(page: Page): Promise<string> {
	return page
		.locator('main .abacus-chart__body')
		.first()
		.evaluate(
			(body) =>
				document.getElementById(body.getAttribute('aria-describedby') ?? '')?.textContent ??
				'',
		);
}

describe('notes on charts', () => {
	it('adds notes from the Revenue chart with the keyboard and the mouse, and shows them', async () => {
		const { body } = await api<Stats>('/wc-analytics/reports/revenue/stats', {
			after: `${after}T00:00:00`,
			before: `${before}T23:59:59`,
			interval: 'day',
			order: 'asc',
			per_page: 100,
		});
		const third = body.intervals[2].date_start.slice(0, 10);
		const { page, errors } = await open(1440, '/analytics/revenue', rangeQuery);
		const chart = await chartReady(page);
		await expect(description(page)).resolves.toBe('No notes on these dates.');

		// Keyboard: the third date, Enter, then "Add a note" in the date's menu.
		await chart.focus();
		for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
		await expect(page.locator('main .abacus-chart__tooltip-action').innerText()).resolves.toBe(
			'Click or press Enter to see these orders or add a note',
		);
		await page.keyboard.press('Enter');
		const menu = page.locator('main .abacus-chart__date-menu');
		await menu.waitFor();
		await page.keyboard.press('ArrowDown');
		await expect(page.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toBe(
			'Add a note',
		);
		await page.keyboard.press('Enter');
		const dialog = page.getByRole('dialog', { name: 'Add a note' });
		await dialog.waitFor();
		await expect(dialog.getByLabel('First day').inputValue()).resolves.toBe(third);
		await expect(dialog.getByLabel('Last day (for a range)').inputValue()).resolves.toBe(third);
		await dialog.getByLabel('Note', { exact: true }).focus();
		await page.keyboard.type('Spring sale e-mail');
		await page.keyboard.press('Tab');
		await page.keyboard.type('https://shop.example/spring');
		await page.keyboard.press('Enter');
		await dialog.waitFor({ state: 'detached' });
		await page.locator('main .abacus-chart__annotation').first().waitFor();
		// The chart has the focus back; the note is in its tooltip and its description.
		await expect(chart.evaluate((element) => element === document.activeElement)).resolves.toBe(
			true,
		);
		await page.keyboard.press('Home');
		await page.keyboard.press('ArrowRight');
		await page.keyboard.press('ArrowRight');
		const tooltip = page.locator('main .abacus-chart__tooltip');
		await expect(tooltip.innerText()).resolves.toContain('Spring sale e-mail');
		await expect(description(page)).resolves.toContain('1 note on these dates:');
		await expect(description(page)).resolves.toContain('Spring sale e-mail');
		await screenshot(page, 'annotations-keyboard-1440', 'annotations');

		// Mouse: a click on the tenth date, "Add a note", typed and saved with the button.
		const svg = page.locator('main .abacus-chart__svg').first();
		const box = await svg.boundingBox();
		if (!box) throw new Error('the chart has no box');
		const count = body.intervals.length;
		const xOf = (index: number) => box.x + 80 + ((box.width - 110) / count) * (index + 0.5);
		await page.mouse.click(xOf(9), box.y + box.height / 2);
		await page.getByRole('button', { name: 'Add a note' }).click();
		await dialog.waitFor();
		const tenth = body.intervals[9].date_start.slice(0, 10);
		await expect(dialog.getByLabel('First day').inputValue()).resolves.toBe(tenth);
		await dialog.getByLabel('Note', { exact: true }).fill('Price change <b>10%</b>');
		await dialog.getByRole('button', { name: 'Add note' }).click();
		await dialog.waitFor({ state: 'detached' });
		// The notes are asked again after the save: the second marker comes with the answer.
		await page.locator('main .abacus-chart__annotation').nth(1).waitFor();
		await expect(page.locator('main .abacus-chart__annotation').count()).resolves.toBe(2);
		// Hovering the date shows the note as text.
		await page.mouse.move(xOf(9), box.y + box.height / 2);
		await expect(tooltip.innerText()).resolves.toContain('Price change <b>10%</b>');
		await expect(page.locator('main .abacus-chart__tooltip b').count()).resolves.toBe(0);
		await screenshot(page, 'annotations-hover-1440');

		// The toggle hides the markers, and the choice stays after a reload.
		const toggle = page.getByRole('button', { name: 'Show notes (2)' });
		await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
		const savedHidden = page.waitForResponse((response) =>
			response.url().includes('/wp/v2/users/me'),
		);
		await toggle.click();
		await page.locator('main .abacus-chart__annotation').first().waitFor({ state: 'detached' });
		await savedHidden;
		await page.reload();
		await chartReady(page);
		const again = page.getByRole('button', { name: 'Show notes (2)' });
		await again.waitFor();
		await expect(again.getAttribute('aria-pressed')).resolves.toBe('false');
		await expect(page.locator('main .abacus-chart__annotation').count()).resolves.toBe(0);
		const savedShown = page.waitForResponse((response) =>
			response.url().includes('/wp/v2/users/me'),
		);
		await again.click();
		await page.locator('main .abacus-chart__annotation').first().waitFor();
		await savedShown;

		// The Overview's charts show them too.
		await page.goto(adminUrl('/analytics/overview', rangeQuery));
		await chartReady(page);
		await page.locator('main .abacus-chart__annotation').first().waitFor({ timeout: 60000 });

		// The Revenue report's CSV with the notes: each note on its own date's row, as text.
		// The chart and the table by day show the same dates: the page asks for their notes once.
		const notesAsked: string[] = [];
		const onRequest = (request: { url(): string; method(): string }) => {
			if (
				request.method() === 'GET' &&
				/abacus(\/|%2F)v1(\/|%2F)annotations/.test(request.url())
			)
				notesAsked.push(request.url());
		};
		page.on('request', onRequest);
		await page.goto(adminUrl('/analytics/revenue', rangeQuery));
		await chartReady(page);
		const include = page.getByRole('checkbox', {
			name: 'Include the notes on these dates in the download',
		});
		await include.check();
		page.off('request', onRequest);
		expect(notesAsked).toHaveLength(1);
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Download' }).click(),
		]);
		const table = parseCsv(await downloadedText(download));
		const header = table[0];
		const notesAt = header.indexOf('Notes');
		expect(notesAt).toBe(header.length - 1);
		const dateAt = header.indexOf('Date');
		const byDay = new Map(
			table.slice(1).map((row) => [csvDay(row[dateAt] ?? ''), row[notesAt] ?? '']),
		);
		// Every day of the month is a row; two carry a note.
		expect(byDay.size).toBe(body.intervals.length);
		expect(byDay.get(third)).toBe('Spring sale e-mail (https://shop.example/spring)');
		expect(byDay.get(tenth)).toBe('Price change <b>10%</b>');
		expect([...byDay.values()].filter(Boolean)).toHaveLength(2);

		// Settings lists them as a table at 1440 px: dates, note, who added it, actions.
		await page.goto(adminUrl('/analytics/settings'));
		const card = page.locator('section.abacus-annotations');
		await card.locator('tbody tr').nth(1).waitFor({ timeout: 60000 });
		await expect(card.getByRole('columnheader').allInnerTexts()).resolves.toEqual([
			'Dates',
			'Note',
			'Added by',
			'Actions',
		]);
		const cells = await card
			.locator('tbody tr')
			.first()
			.getByRole('cell')
			.evaluateAll((list) => list.map((cell) => cell.getBoundingClientRect().top));
		// One line of four cells side by side.
		expect(new Set(cells.map(Math.round)).size).toBe(1);
		await elementScreenshot(card, 'annotations-settings-1440');
		expect(errors).toEqual([]);
		await page.context().close();
	}, 180000);

	it('lists, edits and deletes the notes in Settings on a phone, and draws them at 390 px', async () => {
		const { page, errors } = await open(390, '/analytics/revenue', rangeQuery);
		await chartReady(page);
		await page.locator('main .abacus-chart__annotation').first().waitFor();
		const chart = page.locator('main .abacus-chart__body').first();
		await chart.focus();
		await page.keyboard.press('Home');
		await page.keyboard.press('ArrowRight');
		await page.keyboard.press('ArrowRight');
		await expect(page.locator('main .abacus-chart__tooltip').innerText()).resolves.toContain(
			'Spring sale e-mail',
		);
		await screenshot(page, 'annotations-chart-390');

		await page.goto(adminUrl('/analytics/settings'));
		const card = page.locator('section.abacus-annotations');
		await card.getByRole('heading', { name: 'Notes on charts' }).waitFor({ timeout: 60000 });
		const rows = card.locator('tbody tr');
		await rows.first().waitFor();
		await expect(rows.count()).resolves.toBe(2);
		await expect(rows.nth(0).innerText()).resolves.toContain('Spring sale e-mail');
		await expect(card.getByRole('link', { name: /Link/ }).getAttribute('href')).resolves.toBe(
			'https://shop.example/spring',
		);
		// The card fits the phone: nothing wider than the screen.
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
		expect(overflow).toBeLessThanOrEqual(390);
		// Each note is stacked: its text across the card's width below its dates, the author on
		// one line ("Added by: …"), still a table row of cells for screen readers.
		const first = rows.nth(0);
		const textBox = await first.locator('.abacus-annotations__text').boundingBox();
		const rowBox = await first.boundingBox();
		expect(textBox?.width ?? 0).toBeGreaterThan((rowBox?.width ?? 0) * 0.9);
		const author = first.locator('.abacus-annotations__author');
		await expect(author.getAttribute('data-label')).resolves.toBe('Added by');
		const authorBox = await author.boundingBox();
		expect(authorBox?.height ?? 100).toBeLessThan(30);
		await expect(card.getByRole('row').count()).resolves.toBe(3);
		await expect(first.getByRole('cell').count()).resolves.toBe(4);
		await elementScreenshot(card, 'annotations-list-390');

		// Edit with the keyboard: the note's Edit button, a new text, Enter.
		await card.getByRole('button', { name: 'Edit note: Spring sale e-mail' }).focus();
		await page.keyboard.press('Enter');
		const dialog = page.getByRole('dialog', { name: 'Edit note' });
		await dialog.waitFor();
		await screenshot(page, 'annotations-edit-390');
		const text = dialog.getByLabel('Note', { exact: true });
		await text.fill('Spring sale e-mail, second wave');
		await text.press('Enter');
		await dialog.waitFor({ state: 'detached' });
		// The list is asked again after the save: wait for its answer, then read the row.
		await rows.nth(0).getByText('second wave', { exact: false }).waitFor({ timeout: 30000 });
		await expect(rows.nth(0).innerText()).resolves.toContain('second wave');
		// A bad link is named beside its field.
		await card
			.getByRole('button', { name: 'Edit note: Spring sale e-mail, second wave' })
			.click();
		await dialog.waitFor();
		await dialog.getByLabel('Link (optional)').fill('javascript:alert(1)');
		await dialog.getByRole('button', { name: 'Save note' }).click();
		await dialog
			.getByText('The link must be a web address starting with http:// or https://.')
			.first()
			.waitFor();
		// The focus is on the field in error; Escape closes the dialog without saving.
		await expect(
			dialog
				.getByLabel('Link (optional)')
				.evaluate((input) => input === document.activeElement),
		).resolves.toBe(true);
		await page.keyboard.press('Escape');
		await dialog.waitFor({ state: 'detached' });
		await screenshot(page, 'annotations-settings-390');

		// Delete both with the mouse.
		for (const name of ['Spring sale e-mail, second wave', 'Price change <b>10%</b>']) {
			await card.getByRole('button', { name: `Delete note: ${name}` }).click();
			const confirm = page.getByRole('dialog', { name: 'Delete this note?' });
			await confirm.getByRole('button', { name: 'Delete note' }).click();
			await confirm.waitFor({ state: 'detached' });
		}
		await card.getByText('No notes yet.').waitFor();
		expect(errors).toEqual([]);
		await page.context().close();
	}, 180000);
});
