import { LruCache } from '../lru-cache.js';

describe('LruCache', () => {
	it('drops the least recently used entry past its bound', () => {
		const cache = new LruCache<string, number>(3);
		cache.set('a', 1).set('b', 2).set('c', 3);
		expect(cache.get('a')).toBe(1); // a is now the newest
		cache.set('d', 4);
		expect(cache.has('b')).toBe(false);
		expect([cache.has('a'), cache.has('c'), cache.has('d')]).toEqual([true, true, true]);
		expect(cache.size).toBe(3);
	});

	it('never holds more than its bound, and rewriting a key does not grow it', () => {
		const cache = new LruCache<number, number>(10);
		for (let i = 0; i < 1000; i++) {
			cache.set(i, i);
			cache.set(i, i * 2);
			expect(cache.size).toBeLessThanOrEqual(10);
		}
		expect(cache.size).toBe(10);
		expect(cache.get(999)).toBe(1998);
		expect(cache.get(989)).toBeUndefined();
	});

	it('refuses a bound below one', () => {
		expect(() => new LruCache(0)).toThrow(RangeError);
	});
});
