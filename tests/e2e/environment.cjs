/**
 * The end-to-end tests' jest environment: node's, plus a picture of every page still open when a
 * test or hook fails (test-results/e2e/failures/<file>--<test>--<n>.png, with the page's address
 * in a .txt beside it), so that a failure on a busy CI machine shows what the page showed.
 * helpers.ts `launch()` lists each browser it starts or connects to on `globalThis.__abacusBrowsers`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const FAILURES = path.resolve(__dirname, '../../test-results/e2e/failures');

/** The test's full name (its describe blocks and its own), as a file name. */
function fileName(testPath, test) {
	const names = [];
	for (let block = test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) {
		names.unshift(block.name);
	}
	return `${path.basename(testPath, '.test.ts')}--${names.join(' ')}`
		.replace(/[^A-Za-z0-9._-]+/g, '-')
		.slice(0, 150);
}

class EndToEndEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		this.testPath = context.testPath;
	}

	async handleTestEvent(event) {
		if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return;
		const browsers = this.global.__abacusBrowsers;
		if (!browsers || browsers.size === 0) return;
		const base = fileName(
			this.testPath,
			event.test ?? event.hook?.parent ?? { name: event.name },
		);
		let n = 0;
		for (const browser of browsers) {
			let contexts = [];
			try {
				contexts = browser.contexts();
			} catch {
				continue;
			}
			for (const context of contexts) {
				for (const page of context.pages()) {
					n += 1;
					const file = path.join(FAILURES, `${base}--${n}`);
					try {
						fs.mkdirSync(FAILURES, { recursive: true });
						fs.writeFileSync(`${file}.txt`, `${page.url()}\n`);
						await page.screenshot({ path: `${file}.png`, timeout: 15_000 });
					} catch {
						// A page that closed or hangs: its address is written, the picture is not.
					}
				}
			}
		}
	}
}

module.exports = EndToEndEnvironment;
