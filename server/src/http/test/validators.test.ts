import Fastify from 'fastify';

import { buildValidator } from '../validators.js';

const AJV = {
	customOptions: { coerceTypes: 'array' as const, useDefaults: true, allErrors: true },
};

const querySchema = () => ({
	type: 'object',
	properties: {
		page: { type: 'integer', minimum: 1, default: 1 },
		ids: { type: 'array', items: { type: 'integer' } },
	},
});

async function appWithRoute(schema: object) {
	const app = Fastify({
		schemaController: { compilersFactory: { buildValidator } },
		ajv: AJV,
	});
	app.get('/items', { schema: { querystring: schema } }, async (request) => request.query);
	await app.ready();
	return app;
}

describe('request validators', () => {
	it('coerces, fills defaults and refuses like a compiled schema', async () => {
		const app = await appWithRoute(querySchema());
		const ok = await app.inject({ url: '/items?ids=3' });
		expect(ok.statusCode).toBe(200);
		expect(ok.json()).toEqual({ page: 1, ids: [3] });

		const bad = await app.inject({ url: '/items?page=0&ids=x' });
		expect(bad.statusCode).toBe(400);
		// allErrors: both problems are reported, read from the compiled validator's `errors`.
		expect(bad.json().message).toMatch(/page must be >= 1/);
		expect(bad.json().message).toMatch(/ids\/0 must be integer/);
		await app.close();
	});

	it('compiles a schema on its first request, once for every instance of the process', () => {
		// What Fastify passes (the library's declaration types it as the schema itself).
		type Route = Parameters<ReturnType<typeof buildValidator>>[0];
		const compile = (schema: object) =>
			buildValidator(
				{},
				AJV,
			)({
				schema,
				method: 'GET',
				url: '/items',
				httpPart: 'querystring',
			} as unknown as Route);
		const first = compile(querySchema());
		// The same schema, written anew (another instance registering the same route), gets the
		// same validator; a different schema does not.
		expect(compile(querySchema())).toBe(first);
		expect(compile({ ...querySchema(), required: ['page'] })).not.toBe(first);
		// Not compiled until asked: an invalid schema throws only on the first validation.
		const broken = compile({ type: 'object', properties: { page: { type: 'nonsense' } } });
		expect(() => broken({})).toThrow(/type/);
		expect(first({ page: '2' })).toBe(true);
		expect(first.errors).toBeNull();
		expect(first({ page: 'x' })).toBe(false);
		expect(first.errors?.[0]?.instancePath).toBe('/page');
	});
});
