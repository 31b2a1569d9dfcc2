/**
 * The store time zone's entry of moment-timezone's database, embedded in the admin page so that
 * the client can bundle the library without the whole database.
 */
import { createRequire } from 'node:module';

export interface TimeZoneData {
	version: string;
	zones: string[];
	links: string[];
}

interface PackedDatabase {
	version: string;
	zones: string[];
	links: string[];
}

let database: PackedDatabase | null = null;

function load(): PackedDatabase {
	if (!database) {
		const require = createRequire(import.meta.url);
		database = require('moment-timezone/data/packed/latest.json') as PackedDatabase;
	}
	return database;
}

/**
 * The packed zone for an IANA name (and the link when the name is an alias of another zone);
 * null for offsets ('+02:00'), '' and names the database does not know.
 */
export function timeZoneData(name: string): TimeZoneData | null {
	if (!name || name.startsWith('+') || name.startsWith('-')) return null;
	const { version, zones, links } = load();
	const zoneOf = (zoneName: string) => zones.find((zone) => zone.startsWith(`${zoneName}|`));
	const own = zoneOf(name);
	if (own) return { version, zones: [own], links: [] };
	const link = links.find((entry) => entry.split('|')[1] === name);
	const target = link ? zoneOf(link.split('|')[0]) : undefined;
	return link && target ? { version, zones: [target], links: [link] } : null;
}
