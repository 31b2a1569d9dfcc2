/**
 * Components alone in Chromium: first render of a 365-day, 5-series chart, a legend toggle, first
 * render of a 100-row, 10-column table card and a sort of it, each timed with performance marks in
 * the page from the action to the paint that shows its result (see components-page.tsx): one
 * warm-up run, then the median of BENCH_COMPONENT_RUNS runs (7 by default, at least 5).
 *
 * The page is built with the standalone webpack configuration and served over http by a small
 * static server on a free port (Chromium does not load pages from the temporary directory).
 * `node tests/bench/components.js` prints the figures alone; with BENCH_PROFILE=<file.cpuprofile>
 * it builds without minifying and writes a CPU profile of the measured runs (Chrome DevTools can
 * open it) and prints the functions with the most self time.
 */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';
import webpack from 'webpack';

import makeConfig from '../../webpack.config.js';
import { parseCommandLine } from '../../scripts/command-line.js';
import { CHROMIUM_ARGS } from '../support/chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Figures and their targets in ms (the benchmark prints both). */
export const COMPONENT_TARGETS = {
	chartFirstRender: 100,
	tableFirstRender: 60,
	tableSort: 30,
	legendToggle: 100,
};

const CONTENT_TYPES = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json',
	'.svg': 'image/svg+xml',
	'.woff2': 'font/woff2',
	'.png': 'image/png',
};

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value) => Math.round(value * 10) / 10;

async function buildPage(outDir, { minimize }) {
	const [base] = makeConfig({}, { mode: 'production' }).filter((c) => c.name === 'standalone');
	const config = {
		...base,
		name: 'bench-components',
		entry: { bench: path.join(root, 'tests/bench/components-page.tsx') },
		output: { ...base.output, path: outDir, clean: true, publicPath: '/' },
		optimization: { ...base.optimization, minimize },
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
		'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Components benchmark</title>' +
			'<link rel="icon" href="data:,"><link rel="stylesheet" href="/bench.css"></head>' +
			'<body><script src="/bench.js"></script></body></html>',
	);
}

/** Serves `dir` on 127.0.0.1 at a free port; resolves to the server (call close() when done). */
function serve(dir) {
	const server = createServer(async (request, response) => {
		const { pathname } = new URL(request.url ?? '/', 'http://localhost');
		const file = path.join(dir, path.normalize(pathname === '/' ? '/index.html' : pathname));
		if (!file.startsWith(dir + path.sep)) {
			response.writeHead(403).end();
			return;
		}
		try {
			const body = await readFile(file);
			response.writeHead(200, {
				'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
				'cache-control': 'no-store',
			});
			response.end(body);
		} catch {
			response.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${pathname}`);
		}
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve(server));
	});
}

/** The functions with the most self time in a CPU profile (for BENCH_PROFILE). */
function topSelfTime(profile, count = 25) {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const self = new Map();
	const deltas = profile.timeDeltas;
	for (let i = 0; i < profile.samples.length; i++) {
		const node = byId.get(profile.samples[i]);
		const { functionName, url, lineNumber } = node.callFrame;
		const key = `${functionName || '(anonymous)'} ${path.basename(url)}:${lineNumber + 1}`;
		self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
	}
	return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/**
 * Builds and loads the bench page; returns { name: { medianMs, runs, minMs, maxMs, targetMs } }.
 */
export async function measureComponents({
	runs = Number(process.env.BENCH_COMPONENT_RUNS ?? 7),
	profile = process.env.BENCH_PROFILE,
} = {}) {
	const outDir = mkdtempSync(path.join(os.tmpdir(), 'abacus-bench-components-'));
	let server;
	let browser;
	try {
		await buildPage(outDir, { minimize: !profile });
		server = await serve(outDir);
		browser = await chromium.launch({
			executablePath: '/usr/bin/chromium',
			args: CHROMIUM_ARGS,
		});
		const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
		const problems = [];
		page.on('pageerror', (error) => problems.push(`bench page error: ${error.message}`));
		page.on('console', (message) => {
			if (message.type() === 'error' || message.type() === 'warning')
				problems.push(`bench page console: ${message.text()}`);
		});
		let cdp;
		if (profile) {
			cdp = await page.context().newCDPSession(page);
			await cdp.send('Profiler.enable');
			await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
			await cdp.send('Profiler.start');
		}
		await page.goto(`http://127.0.0.1:${server.address().port}/?runs=${runs}`);
		await page.waitForFunction(() => window.__benchResults || window.__benchError, undefined, {
			timeout: 300000,
			polling: 250,
		});
		if (cdp) {
			const { profile: cpuProfile } = await cdp.send('Profiler.stop');
			writeFileSync(profile, JSON.stringify(cpuProfile));
			console.log(`CPU profile written to ${profile}; most self time:`);
			for (const [name, ms] of topSelfTime(cpuProfile))
				console.log(`${ms.toFixed(1).padStart(9)} ms  ${name}`);
		}
		for (const problem of problems) console.error(problem);
		const error = await page.evaluate(() => window.__benchError);
		if (error) throw new Error(`components benchmark page failed: ${error}`);
		const timings = await page.evaluate(() => window.__benchResults);
		return Object.fromEntries(
			Object.entries(timings).map(([name, values]) => [
				name,
				{
					medianMs: round(median(values)),
					runs: values.length,
					minMs: round(Math.min(...values)),
					maxMs: round(Math.max(...values)),
					targetMs: COMPONENT_TARGETS[name],
				},
			]),
		);
	} finally {
		await browser?.close();
		await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
		rmSync(outDir, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	parseCommandLine({
		usage: 'Usage: node tests/bench/components.js\n  The components alone in Chromium: render and update times against their targets.\n  --help   this text',
	});
	const figures = await measureComponents();
	for (const [name, f] of Object.entries(figures)) {
		const verdict = f.targetMs === undefined ? '' : f.medianMs < f.targetMs ? 'ok' : 'OVER';
		console.log(
			`${name.padEnd(17)} ${String(f.medianMs).padStart(7)} ms  (median of ${f.runs}, ${f.minMs}-${f.maxMs})  target < ${f.targetMs} ms  ${verdict}`,
		);
	}
}
