/**
 * A map that holds at most `maxSize` entries: reading or writing an entry makes it the newest,
 * and writing past the bound drops the least recently used one.
 */
export class LruCache<K, V> {
	private readonly entries = new Map<K, V>();

	constructor(readonly maxSize: number) {
		if (!Number.isInteger(maxSize) || maxSize < 1) {
			throw new RangeError(`An LRU cache holds at least one entry (asked for ${maxSize}).`);
		}
	}

	/** Number of entries held (never more than `maxSize`). */
	get size(): number {
		return this.entries.size;
	}

	has(key: K): boolean {
		return this.entries.has(key);
	}

	/** The entry's value (it becomes the most recently used), or undefined. */
	get(key: K): V | undefined {
		if (!this.entries.has(key)) {
			return undefined;
		}
		const value = this.entries.get(key) as V;
		this.entries.delete(key);
		this.entries.set(key, value);
		return value;
	}

	/** Stores the value as the most recently used entry, dropping the oldest past the bound. */
	set(key: K, value: V): this {
		this.entries.delete(key);
		this.entries.set(key, value);
		for (const oldest of this.entries.keys()) {
			if (this.entries.size <= this.maxSize) {
				break;
			}
			this.entries.delete(oldest);
		}
		return this;
	}

	clear(): void {
		this.entries.clear();
	}
}
