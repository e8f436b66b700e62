/**
 * Fastify's schema compilers, made lazy: a route's validator (Ajv) and response serializer
 * (fast-json-stringify) are compiled on the first request that needs them, not while the app boots.
 * Eager compilation was most of a service's start-up (task graph: ~0.4 s of Ajv and serializer
 * code generation, plus Ajv's meta-schema, before the port opened); a route that is never called
 * now costs nothing, and the first call to a route pays its own compile once.
 * Options and behaviour are Fastify's defaults: the same builders are wrapped, not replaced.
 */
import AjvCompiler from "@fastify/ajv-compiler";
import SerializerSelector from "@fastify/fast-json-stringify-compiler";
import type { FastifyServerOptions } from "fastify";

type Validator = ((data: unknown) => unknown) & { errors?: unknown };
type CompileValidator = (route: { schema: unknown; httpPart?: string }) => Validator;
type Serializer = (data: unknown) => string;
type CompileSerializer = (route: { schema: unknown }) => Serializer;

/** A function that compiles `compile()` on its first call and forwards every call to it. */
function lazyValidator(compile: () => Validator): Validator {
  let validate: Validator | undefined;
  const lazy: Validator = (data) => {
    validate ??= compile();
    const result = validate(data);
    // Fastify reads the failures from the function it called.
    lazy.errors = validate.errors;
    return result;
  };
  return lazy;
}

function lazySerializer(compile: () => Serializer): Serializer {
  let serialize: Serializer | undefined;
  return (data) => {
    serialize ??= compile();
    return serialize(data);
  };
}

/**
 * The `schemaController` server option. One Ajv instance per set of shared schemas, as Fastify
 * does, created when the first validator is compiled.
 * A custom builder makes Fastify skip lower-casing `headers` schemas; the services declare none
 * (header names in a headers schema must be written lower-case).
 */
export function lazySchemaController(): NonNullable<FastifyServerOptions["schemaController"]> {
  const buildValidator = AjvCompiler() as unknown as (
    external: unknown,
    options: unknown,
  ) => CompileValidator;
  const buildSerializer = SerializerSelector() as unknown as (
    external: unknown,
    options: unknown,
  ) => CompileSerializer;
  return {
    compilersFactory: {
      buildValidator: (externalSchemas: unknown, ajvOptions: unknown) => {
        let compiler: CompileValidator | undefined;
        return (route: Parameters<CompileValidator>[0]) =>
          lazyValidator(() => {
            compiler ??= buildValidator(externalSchemas, ajvOptions);
            return compiler(route);
          });
      },
      buildSerializer: (externalSchemas: unknown, serializerOptions: unknown) => {
        const compile = buildSerializer(externalSchemas, serializerOptions);
        return (route: Parameters<CompileSerializer>[0]) => lazySerializer(() => compile(route));
      },
    },
  } as unknown as NonNullable<FastifyServerOptions["schemaController"]>;
}
