/**
 * Components alone in Chromium: first render of a 365-day, 5-series chart, a legend toggle, first
 * render of a 100-row, 10-column table card and a sort of it, each timed to the next paint
 * (median of 7 runs, the first one included as it is what a person waits for).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';
import webpack from 'webpack';

import makeConfig from '../../webpack.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--no-first-run',
	'--disable-sync',
];

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
};

async function buildPage(outDir) {
	const [base] = makeConfig({}, { mode: 'production' }).filter((c) => c.name === 'standalone');
	const config = {
		...base,
		name: 'bench-components',
		entry: { bench: path.join(root, 'tests/bench/components-page.tsx') },
		output: { ...base.output, path: outDir, clean: true, publicPath: '' },
		module: {
			...base.module,
			rules: base.module.rules.map((rule) =>
				String(rule.test).includes('tsx') ? { ...rule, exclude: /node_modules/ } : rule,
			),
		},
	};
	await new Promise((resolve, reject) =>
		webpack(config, (error, stats) => {
			if (error || stats.hasErrors())
				reject(error ?? new Error(stats.toString('errors-only')));
			else resolve();
		}),
	);
	writeFileSync(
		path.join(outDir, 'index.html'),
		'<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="bench.css"></head><body><script src="bench.js"></script></body></html>',
	);
}

export async function measureComponents() {
	const outDir = mkdtempSync(path.join(os.tmpdir(), 'abacus-bench-components-'));
	try {
		await buildPage(outDir);
		const browser = await chromium.launch({
			executablePath: '/usr/bin/chromium',
			args: CHROMIUM_ARGS,
		});
		const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
		page.on('pageerror', (error) => console.error(`bench page: ${error.message}`));
		page.on('console', (message) => console.error(`bench console: ${message.text()}`));
		await page.goto(`file://${path.join(outDir, 'index.html')}`);
		await page.waitForFunction(() => window.__benchResults || window.__benchError, undefined, {
			timeout: 120000,
		});
		const error = await page.evaluate(() => window.__benchError);
		if (error) throw new Error(error);
		const timings = await page.evaluate(() => window.__benchResults);
		await browser.close();
		return Object.fromEntries(
			Object.entries(timings).map(([name, values]) => [
				name,
				{ medianMs: Math.round(median(values) * 10) / 10, runs: values.length },
			]),
		);
	} finally {
		rmSync(outDir, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const figures = await measureComponents();
	for (const [name, f] of Object.entries(figures))
		console.log(`${name}: ${f.medianMs} ms (median of ${f.runs})`);
}
