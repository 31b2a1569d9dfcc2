/**
 * Operator sessions and login throttling, in the engine's memory (a restart signs everyone out).
 *
 * A session id is 32 random bytes handed to the browser once, in an HttpOnly cookie; the engine
 * keeps only its SHA-256. Each session has its own nonce, which the page sends on every write.
 * Sessions end after `idleSeconds` without a request or `maxSeconds` after the login, whichever
 * comes first, or at logout.
 */
import crypto from 'node:crypto';

import type { Operator } from './operators.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'abacus_engine_session';
/** A session ends after this long without a request (seconds). */
export const SESSION_IDLE_SECONDS = 8 * 60 * 60;
/** A session ends this long after its login, whatever happens (seconds). */
export const SESSION_MAX_SECONDS = 24 * 60 * 60;
/** Failed logins allowed (per name and per address) before the next attempt must wait. */
export const LOGIN_FREE_FAILURES = 5;
/** The first wait after `LOGIN_FREE_FAILURES` failures (seconds); it doubles with each failure. */
export const LOGIN_BACKOFF_SECONDS = 30;
/** The longest wait (seconds). */
export const LOGIN_MAX_BACKOFF_SECONDS = 60 * 60;
/** Failures older than this are forgotten when no wait is running (seconds). */
const FAILURE_MEMORY_SECONDS = 60 * 60;
/** Most sessions and throttle entries kept (the oldest go first). */
const MAX_ENTRIES = 10_000;

export interface SessionOptions {
	idleSeconds?: number;
	maxSeconds?: number;
	/** The clock, in milliseconds (tests move it). */
	now?: () => number;
}

/** A signed-in operator's session. */
export interface OperatorSession {
	name: string;
	stores: string[] | null;
	/** The nonce the session's writes carry. */
	nonce: string;
	created: number;
	lastSeen: number;
}

function hashOf(id: string): string {
	return crypto.createHash('sha256').update(id).digest('hex');
}

/** Deletes the oldest entries of a map beyond `MAX_ENTRIES`. */
function bound<K, V>(map: Map<K, V>): void {
	while (map.size > MAX_ENTRIES) {
		const oldest = map.keys().next();
		if (oldest.done) return;
		map.delete(oldest.value);
	}
}

export class OperatorSessions {
	private readonly sessions = new Map<string, OperatorSession>();
	readonly idleSeconds: number;
	readonly maxSeconds: number;
	readonly now: () => number;

	constructor(options: SessionOptions = {}) {
		this.idleSeconds = options.idleSeconds ?? SESSION_IDLE_SECONDS;
		this.maxSeconds = options.maxSeconds ?? SESSION_MAX_SECONDS;
		this.now = options.now ?? Date.now;
	}

	/** Starts a session: its id (for the cookie, kept nowhere) and the session. */
	create(operator: Operator): { id: string; session: OperatorSession } {
		const id = crypto.randomBytes(32).toString('base64url');
		const now = this.now();
		const session: OperatorSession = {
			name: operator.name,
			stores: operator.stores,
			nonce: crypto.randomBytes(24).toString('base64url'),
			created: now,
			lastSeen: now,
		};
		this.sessions.set(hashOf(id), session);
		bound(this.sessions);
		return { id, session };
	}

	/** The live session of an id (its last request moves to now), or null. */
	find(id: string | null): OperatorSession | null {
		if (id === null) return null;
		const key = hashOf(id);
		const session = this.sessions.get(key);
		if (!session) return null;
		const now = this.now();
		if (
			now - session.lastSeen > this.idleSeconds * 1000 ||
			now - session.created > this.maxSeconds * 1000
		) {
			this.sessions.delete(key);
			return null;
		}
		session.lastSeen = now;
		return session;
	}

	/** Ends a session. */
	end(id: string | null): void {
		if (id !== null) this.sessions.delete(hashOf(id));
	}

	/** Ends every session of an operator (its removal or new password, from this process). */
	endAllOf(name: string): void {
		for (const [key, session] of this.sessions) {
			if (session.name === name) this.sessions.delete(key);
		}
	}
}

/** The session id a `Cookie` header carries, or null. */
export function sessionIdOf(cookieHeader: string | string[] | undefined): string | null {
	const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : (cookieHeader ?? '');
	for (const part of header.split(';')) {
		const [name, value] = part.trim().split('=', 2);
		if (name === SESSION_COOKIE && value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value)) {
			return value;
		}
	}
	return null;
}

/** The `Set-Cookie` value of a session (`secure` when the request came over TLS). */
export function sessionCookie(id: string, secure: boolean, maxSeconds: number): string {
	return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxSeconds}${secure ? '; Secure' : ''}`;
}

/** The `Set-Cookie` value that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
	return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}

interface Failures {
	count: number;
	last: number;
	until: number;
}

/**
 * Failed logins per name and per client address: after `LOGIN_FREE_FAILURES` failures each
 * further attempt waits `LOGIN_BACKOFF_SECONDS`, doubling with each failure, up to
 * `LOGIN_MAX_BACKOFF_SECONDS`. A success clears the name's and the address's failures.
 */
export class LoginThrottle {
	private readonly failures = new Map<string, Failures>();

	constructor(private readonly now: () => number = Date.now) {}

	private entry(key: string): Failures | undefined {
		const entry = this.failures.get(key);
		if (!entry) return undefined;
		const now = this.now();
		if (now >= entry.until && now - entry.last > FAILURE_MEMORY_SECONDS * 1000) {
			this.failures.delete(key);
			return undefined;
		}
		return entry;
	}

	/** Seconds to wait before the next attempt for this name or address (0: go ahead). */
	wait(name: string, address: string): number {
		const now = this.now();
		const until = Math.max(
			this.entry(`name:${name.toLowerCase()}`)?.until ?? 0,
			this.entry(`ip:${address}`)?.until ?? 0,
		);
		return until > now ? Math.ceil((until - now) / 1000) : 0;
	}

	fail(name: string, address: string): void {
		const now = this.now();
		for (const key of [`name:${name.toLowerCase()}`, `ip:${address}`]) {
			const entry = this.entry(key) ?? { count: 0, last: now, until: 0 };
			entry.count += 1;
			entry.last = now;
			if (entry.count >= LOGIN_FREE_FAILURES) {
				const wait = Math.min(
					LOGIN_BACKOFF_SECONDS * 2 ** (entry.count - LOGIN_FREE_FAILURES),
					LOGIN_MAX_BACKOFF_SECONDS,
				);
				entry.until = now + wait * 1000;
			}
			this.failures.delete(key);
			this.failures.set(key, entry);
		}
		bound(this.failures);
	}

	succeed(name: string, address: string): void {
		this.failures.delete(`name:${name.toLowerCase()}`);
		this.failures.delete(`ip:${address}`);
	}
}
