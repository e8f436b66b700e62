/**
 * A route's body validated in slices of the event loop: the body schema's envelope (everything
 * but the items of one array member) at once, then that array's items one by one with a turn of
 * the loop every few milliseconds. Ajv validating a 7.5 MB code upload (20,000 files) in one
 * call held the loop in one task (issue 25 point 5). The schema stays the route's, so /docs/json
 * documents it unchanged; the answers do not change either: the same Ajv builder and options
 * (ajv-options.ts), the envelope's keywords checked before the items as Ajv orders them, and an
 * item's failures reported at their path in the body (`/files/3/path`), so the 400
 * VALIDATION_ERROR names the same field. The other parts of the route (params, query) are
 * compiled as usual. Compiled on first use, like the routes' validators (lazy-compilers.ts).
 * Use it as the route's `validatorCompiler`.
 */
import AjvCompiler from "@fastify/ajv-compiler";
import type { FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";
import { nextTurn, Yielder } from "../turns/index.js";
import { AJV_OPTIONS } from "./ajv-options.js";

type Validate = ((data: unknown) => boolean | Promise<boolean>) & {
  errors?: FastifySchemaValidationError[] | null;
};
type Route = Parameters<FastifySchemaCompiler<unknown>>[0];
type Compile = (route: Route) => Validate;
type Schema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

/** Work between two turns of the event loop. */
const SLICE_MS = 8;

/**
 * A `validatorCompiler` for a route whose body is an object with an array member `arrayKey`
 * (e.g. "files"). Bodies with fewer than `slicedFrom` items are checked in one go (same result).
 */
export function slicedArrayValidatorCompiler(
  arrayKey: string,
  options: { slicedFrom?: number; sliceMs?: number } = {},
): FastifySchemaCompiler<unknown> {
  let compiler: Compile | undefined;
  const compile: Compile = (route) => {
    compiler ??= newCompiler();
    return compiler(route);
  };
  const build = (route: Route): Validate => {
    if (route.httpPart !== "body") return lazily(() => compile(route));
    let parts: { envelope: Validate; item: Validate } | undefined;
    let compiling: Promise<{ envelope: Validate; item: Validate }> | undefined;
    const validate: Validate = (data) => {
      if (parts) return validateBody(data, parts, arrayKey, validate, options);
      // The first body waits for the compile, made over turns of the event loop (Ajv's
      // instance, the envelope, the item): in one, it was a task of 40-70 ms at the first upload.
      compiling ??= compileParts(route, arrayKey, compile, () => {
        compiler ??= newCompiler();
      });
      return compiling.then((compiled) => {
        parts = compiled;
        return validateBody(data, compiled, arrayKey, validate, options);
      });
    };
    return validate;
  };
  // Fastify awaits a validator's promise (its type asks for a lint-branded promise).
  return (route) => build(route) as unknown as ReturnType<FastifySchemaCompiler<unknown>>;
}

function newCompiler(): Compile {
  return (AjvCompiler() as unknown as (external: unknown, options: unknown) => Compile)({}, AJV_OPTIONS);
}

function lazily(compile: () => Validate): Validate {
  let inner: Validate | undefined;
  const validate: Validate = (data) => {
    inner ??= compile();
    const result = inner(data);
    validate.errors = inner.errors ?? null;
    return result;
  };
  return validate;
}

/** The envelope (the array's own keywords kept, its items accepted as anything) and the item. */
async function compileParts(route: Route, arrayKey: string, compile: Compile, prepare: () => void) {
  const schema = route.schema as Schema;
  const array = schema.properties?.[arrayKey];
  if (!array?.items) throw new Error(`slicedArrayValidatorCompiler: the body has no array "${arrayKey}"`);
  const { items, ...arrayWithoutItems } = array;
  const envelopeSchema = { ...schema, properties: { ...schema.properties, [arrayKey]: arrayWithoutItems } };
  await nextTurn();
  prepare();
  await nextTurn();
  const envelope = compile({ ...route, schema: envelopeSchema });
  await nextTurn();
  const item = compile({ ...route, schema: items, url: `${route.url}#${arrayKey}` });
  return { envelope, item };
}

function validateBody(
  data: unknown,
  parts: { envelope: Validate; item: Validate },
  arrayKey: string,
  validate: Validate,
  options: { slicedFrom?: number; sliceMs?: number },
): boolean | Promise<boolean> {
  validate.errors = null;
  if (!parts.envelope(data)) {
    validate.errors = parts.envelope.errors ?? null;
    return false;
  }
  const items = (data as Record<string, unknown[]>)[arrayKey] ?? [];
  const fail = (index: number) => {
    validate.errors = (parts.item.errors ?? []).map((e) => ({
      ...e,
      instancePath: `/${arrayKey}/${index}${e.instancePath}`,
    }));
    return false;
  };
  if (items.length < (options.slicedFrom ?? 256)) {
    for (const [index, item] of items.entries()) if (!parts.item(item)) return fail(index);
    return true;
  }
  return (async () => {
    const slices = new Yielder(options.sliceMs ?? SLICE_MS);
    for (const [index, item] of items.entries()) {
      if (!parts.item(item)) return fail(index);
      await slices.tick();
    }
    return true;
  })();
}
