/**
 * Generators of hostile report addresses for the fuzz suites: random and known keys, unknown periods,
 * bad dates, negative and huge numbers, arrays and objects where strings are expected, unicode and
 * markup.
 */
import fc from 'fast-check';
import qs from 'qs';

export const KNOWN_KEYS = [
	'page',
	'path',
	'period',
	'compare',
	'after',
	'before',
	'interval',
	'chartType',
	'chart',
	'orderby',
	'order',
	'paged',
	'per_page',
	'filter',
	'products',
	'variations',
	'categories',
	'coupons',
	'customers',
	'taxes',
	'search',
	'match',
	'status_is',
	'product_includes',
	'attribute_is',
	'type',
] as const;

const nasty = fc.constantFrom(
	'',
	' ',
	'0',
	'-1',
	'-999999999999',
	'99999999999999999999999',
	'1e309',
	'NaN',
	'null',
	'undefined',
	'true',
	'2021-02-30',
	'2021-13-01',
	'0000-00-00',
	'9999-12-31',
	'12/31/1899',
	'2024-02-29',
	'2023-02-29',
	'<script>alert(1)</script>',
	'"><img src=x onerror=alert(1)>',
	"' OR 1=1 --",
	'%00',
	'%E0%A4%A',
	'..%2F..%2Fetc%2Fpasswd',
	'today',
	'custom',
	'last_365_days',
	'previous_year',
	'previous_period',
	'hour',
	'year',
	'compare-products',
	'advanced',
	'1,2,3,,-4,abc,2',
	'🐢,🦄',
	'__proto__',
	'constructor',
);

const scalar = fc.oneof(
	nasty,
	fc.string(),
	fc.string({ unit: 'binary', maxLength: 12 }),
	fc.integer().map(String),
	fc.double().map(String),
);

export const queryValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
	value: fc.oneof(
		{ depthSize: 'small' },
		scalar,
		scalar,
		scalar,
		fc.array(tie('value'), { maxLength: 3 }),
		fc.dictionary(
			fc.oneof(fc.constantFrom('0', '1', 'a'), fc.string({ maxLength: 4 })),
			tie('value'),
			{ maxKeys: 3 },
		),
	),
})).value;

const key = fc.oneof(
	fc.constantFrom(...KNOWN_KEYS),
	fc.constantFrom(...KNOWN_KEYS),
	fc.string({ maxLength: 8 }),
);

/** A query object as a parsed address could produce, with hostile values. */
export const hostileQuery = fc.dictionary(key, queryValue, { maxKeys: 8 }) as fc.Arbitrary<
	Record<string, unknown>
>;

/** A raw query string (possibly malformed), parsed the way the app parses addresses. */
export const hostileQueryString = fc
	.array(
		fc
			.tuple(key, scalar, fc.boolean())
			.map(([k, v, isArray]) => `${encodeURIComponent(k)}${isArray ? '[]' : ''}=${v}`),
		{ maxLength: 8 },
	)
	.map((parts) => parts.join('&'));

export function parseQueryString(value: string): Record<string, unknown> {
	return qs.parse(value, { arrayLimit: 100, depth: 3 }) as Record<string, unknown>;
}

/** Numbers no column can hold and lists hiding them: what crashed the server before. */
const hugeNumber = fc.constantFrom(
	'1e308',
	'-1e308',
	'9223372036854775808',
	'-9223372036854775809',
	'18446744073709551616',
	'2147483648',
	'Infinity',
	'-Infinity',
	'1,Infinity',
	'1,9223372036854775808',
	'0x7fffffffffffffff',
);

/** Parameter names the server reads as ids, id lists, counts or filters. */
const SERVER_KEYS = [
	'include',
	'exclude',
	'product',
	'products',
	'category',
	'categories',
	'customer',
	'customers',
	'parent',
	'days',
	'status',
	'status_is',
	'status_is_not',
	'offset',
	'product_includes',
	'product_excludes',
	'variation_includes',
	'coupon_includes',
	'tax_rate_includes',
	'segmentby',
	'fields',
	'extended_info',
	'searchby',
	'stock_status',
	'options',
	'_fields',
] as const;

const serverKey = fc.oneof(key, fc.constantFrom(...SERVER_KEYS), fc.constantFrom(...SERVER_KEYS));

/** A raw query string for a server route: the report generators plus huge numbers and id keys. */
export const hostileServerQueryString = fc
	.array(
		fc
			.tuple(serverKey, fc.oneof(scalar, hugeNumber, hugeNumber), fc.boolean())
			.map(
				([k, v, isArray]) =>
					`${encodeURIComponent(k)}${isArray ? '[]' : ''}=${encodeURIComponent(v)}`,
			),
		{ minLength: 1, maxLength: 6 },
	)
	.map((parts) => parts.join('&'));
