// The manifest format (SPEC §5): what `e2e manifest` writes to `.e2e/manifest.json`, and what
// `e2e generate-tests` and `e2e search` read. `docs/manifest.schema.json` is its JSON Schema; a
// test keeps the two in step. Fields beyond SPEC §5 are optional and only ever added, never renamed.

/** The version of this format; bumped only on an incompatible change. */
export const MANIFEST_VERSION = 1;

export interface Manifest {
  version: typeof MANIFEST_VERSION;
  /** UTC, ISO 8601 with milliseconds and no zone offset (the project's timestamp format). */
  generated_at: string;
  services: ServiceManifest[];
}

export interface ServiceManifest {
  name: string;
  /** The scanned folder, relative to the manifest's folder's parent (the project root), POSIX. */
  root: string;
  /** Frameworks whose routes were found, e.g. ["fastify"], ["nestjs"], ["spring"]. */
  frameworks: string[];
  /** Sorted by path, then method. */
  endpoints: Endpoint[];
  /** Sorted by name. */
  dtos: Dto[];
  /** Enums and named types that are not objects; sorted by name. */
  types: TypeDecl[];
  /** OpenAPI/Swagger files found in the tree and merged, relative to `root`. */
  openapi?: string[];
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

export interface Endpoint {
  /** `METHOD path`, unique within the service, stable across scans. */
  id: string;
  method: HttpMethod;
  /** Full path: every mount, router and controller prefix applied; parameters written `{name}`. */
  path: string;
  /** `Class.method` or the function's name; `<inline>` for an anonymous function. */
  handler: string;
  /** Where the route is declared, relative to the service root, POSIX. */
  file: string;
  /** 1-based line of the route's declaration (the decorator for a controller method). */
  line: number;
  params: Param[];
  /** Name of the request body's DTO (one of `dtos`). */
  request?: string;
  responses: EndpointResponse[];
  /** true when the route requires authentication (security scheme, guard, auth middleware). */
  auth?: boolean;
  /** The operationId, from the code or the OpenAPI document. */
  operation_id?: string;
  summary?: string;
  /** What the route is for, in the code's own words: a route option, decorator argument or the OpenAPI operation's description. */
  description?: string;
  tags?: string[];
  /** Where the endpoint was found: the code, an OpenAPI file, or both (SPEC: "merged and marked"). */
  source?: Source;
}

export type Source = "code" | "openapi" | "code+openapi";

export type ParamLocation = "path" | "query" | "header" | "body";

export interface Param {
  name: string;
  in: ParamLocation;
  /** A type in the manifest's notation (see TypeText). */
  type: TypeText;
  required: boolean;
  constraints?: Constraints;
}

export interface EndpointResponse {
  /** HTTP status; absent when the code does not say (e.g. an Express `res.json`). */
  status?: number;
  /** Name of the response body's DTO (one of `dtos`), or a type text such as `User[]`. */
  dto?: string;
  /** The media type when the route documents one other than JSON (`text/event-stream`, `text/html`). */
  content_type?: string;
  description?: string;
}

export interface Dto {
  name: string;
  file: string;
  line: number;
  fields: Field[];
  /** What the DTO was written with: interface, type, class, typebox, zod, json-schema, pydantic… */
  kind?: string;
  source?: Source;
}

export interface Field {
  name: string;
  type: TypeText;
  required: boolean;
  /** Validation rules in JSON Schema words (minLength, maximum, pattern, format, enum…); `{}` if none. */
  constraints: Constraints;
  description?: string;
}

/**
 * Constraints in JSON Schema vocabulary, whatever the source wrote (class-validator `@MaxLength(5)`,
 * zod `.max(5)`, TypeBox `{maxLength: 5}`, pydantic `Field(max_length=5)`, `@Size(max = 5)`).
 */
export interface Constraints {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  pattern?: string;
  format?: string;
  enum?: (string | number | boolean | null)[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  default?: unknown;
  nullable?: boolean;
  /** Any other rule, named as the source names it (e.g. `isStrongPassword`). */
  [rule: string]: unknown;
}

/**
 * A type in the manifest's notation, a subset of TypeScript's: `string`, `number`, `integer`,
 * `boolean`, `null`, `unknown`, `object`, a DTO or type name, `T[]`, `Record<string, T>`,
 * string or number literals (`"admin"`), and unions `A | B`. Every language maps to it.
 */
export type TypeText = string;

export interface TypeDecl {
  name: string;
  kind: "enum" | "union" | "alias";
  file: string;
  line: number;
  /** The members of an enum or a union of literals. */
  values?: (string | number)[];
  /** The aliased type, for `alias`. */
  type?: TypeText;
  source?: Source;
}
