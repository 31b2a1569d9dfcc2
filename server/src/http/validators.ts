/**
 * The request validators of the application: each route's JSON schema is compiled by Fastify's
 * own Ajv compiler (with the options the application gives it), but only when a request first
 * needs it, and once per schema in the process.
 *
 * Compiling every route's schemas when an instance is created took about 0.5 s of CPU, most of it
 * for routes a given process never serves; a process that creates the application again (a server
 * restarted in place, the tests' many servers) compiled them all again. Here a route gets a
 * validator that compiles on its first call and then is the compiled function: same answer, same
 * `errors`, same `schemaEnv` (Fastify passes the parent object when it is set, so that Ajv can
 * coerce a root value). A validator is shared only for the same Ajv options, the same shared
 * schemas and the same schema, written out as JSON.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';

type BuildCompiler = ReturnType<typeof AjvCompiler>;
type Compile = ReturnType<BuildCompiler>;
type Validator = ReturnType<Compile>;

const pool = AjvCompiler();
/** Per Ajv compiler (one per set of options and shared schemas): validators by schema text. */
const compiled = new WeakMap<Compile, Map<string, Validator>>();

/** A validator that compiles on first use and then behaves as the compiled one. */
function lazyValidator(compile: () => Validator): Validator {
	let real: Validator | null = null;
	const resolve = (): Validator => (real ??= compile());
	const validator = ((...args: Parameters<Validator>) => resolve()(...args)) as Validator;
	for (const name of ['errors', 'schemaEnv', 'schema'] as const) {
		Object.defineProperty(validator, name, {
			get: () => resolve()[name],
			configurable: true,
		});
	}
	return validator;
}

/** Fastify's `schemaController.compilersFactory.buildValidator`: lazy, compiled once per schema. */
export const buildValidator: BuildCompiler = (externalSchemas, options) => {
	const compile = pool(externalSchemas, options);
	let validators = compiled.get(compile);
	if (!validators) {
		validators = new Map();
		compiled.set(compile, validators);
	}
	const known = validators;
	return (input) => {
		// Fastify passes the route's definition ({schema, method, url, httpPart}), which the
		// library's declaration types as the schema itself.
		const route = input as unknown as { schema?: unknown; httpPart?: string };
		const key = `${route.httpPart ?? ''}\u0000${JSON.stringify(route.schema)}`;
		let validator = known.get(key);
		if (!validator) {
			validator = lazyValidator(() => compile(input));
			known.set(key, validator);
		}
		return validator;
	};
};
