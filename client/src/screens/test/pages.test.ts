import { helperPages } from '../index.js';

describe('helperPages', () => {
	it('lists the helper screens with titles, breadcrumbs and a lazy screen each', async () => {
		expect(helperPages.map((page) => page.path)).toEqual([
			'/inbox',
			'/reviews',
			'/stock-update',
			'/payments',
			'/onboarding',
			'/settings/general',
		]);
		for (const page of helperPages) {
			expect(page.title).not.toBe('');
			expect(page.breadcrumbs.at(-1)).toBe(
				page.title === 'Settings' ? 'General' : page.title,
			);
			const module = await page.load();
			expect(typeof module.default).toBe('function');
		}
	});
});
