// What `e2e search` can find, as documents for the ranking of lib/search: one per endpoint, DTO,
// DTO field (from the manifest), page method and scenario module (from the suite beside the
// config, page-documents.ts). Each has the fields the lexical side scores (with boosts) and the
// text the embedder turns into a vector.
import { posix } from "node:path";
import type { E2eSearchWeights, Field as LexicalField } from "../../../lib/search/index.js";
import type { Constraints, Dto, Endpoint, Field, ServiceManifest, TypeText } from "../manifest/index.js";

export type HitKind = "endpoint" | "dto" | "field" | "page-method" | "module";

/** Document-side hand lists an ablation can leave out (bench/e2e-search/ablate.ts). */
export type DocumentRule = "method-words" | "paging" | "docstrings";

/** What a hit shows, and what the index cache keeps of a document besides its terms and vector. */
export interface DocHead {
  /** Unique in one index: kind, service and the item's own id. */
  key: string;
  kind: HitKind;
  service: string;
  method?: string;
  path?: string;
  name?: string;
  /** Relative to the project root (the manifest folder's parent), POSIX. */
  file: string;
  line: number;
  /**
   * An endpoint's handler (manifest `Class.method` or function name; absent for an inline one):
   * routes that share it run the same code (GET and POST of one view, PUT and PATCH of one action).
   */
  handler?: string;
}

/**
 * Which kind of field a text is, for BM25F: its boost is the fitted table's (lib/search
 * e2e-search-weights.ts), applied when the index is built (lexicalFields).
 */
export type FieldRole = keyof E2eSearchWeights["boosts"];

/** [text, role, names?]: names keep their stopwords. */
export type RoleField = [text: string, role: FieldRole, names?: boolean];

export interface SearchDocument extends DocHead {
  fields: RoleField[];
  /** What the embedder reads. */
  embedText: string;
}

// What each HTTP method does, in words people use for it: "remove a cat" finds DELETE /cats/{id}.
const METHOD_WORDS: Record<string, string> = {
  GET: "get read show fetch list find view",
  HEAD: "head check exists",
  POST: "post create add new submit make",
  PUT: "put update replace set change edit",
  PATCH: "patch update change edit modify",
  DELETE: "delete remove destroy",
  OPTIONS: "options",
};

/** A GET of a collection lists ("which tags exist"), a GET of one item shows it. */
function readWords(path: string): string {
  return /\}\/?$/.test(path) ? "one single detail by id" : "list all every exist available search";
}

/** The usual names of paging parameters (Spring's Pageable, limit/offset, cursors). */
const PAGING = /^(page|size|limit|offset|sort|cursor|skip|per_?page|page_?size)$/i;

/** A document's fields as lib/search's BM25 takes them: each role's boost repeats its terms. */
export function lexicalFields(d: SearchDocument, boosts: E2eSearchWeights["boosts"]): LexicalField[] {
  return d.fields.map(([text, role, names]) => [text, boosts[role], names ?? false]);
}

/** The words of a path without its parameters ("/users/{userId}/follow" → "users follow"): they count with the other parameters. */
function pathWords(path: string): string {
  return path
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\//g, " ")
    .trim();
}

/** The DTOs a type text names ("User[]", "Page | null" → User, Page). */
function dtosIn(dtos: ReadonlyMap<string, Dto>, type: string | undefined): Dto[] {
  return (type?.match(/[A-Za-z_][\w.]*/g) ?? []).flatMap((name) => dtos.get(name) ?? []);
}

/**
 * The field names of a body's DTO, and those of the DTOs its fields hold (one level): a list
 * envelope `{items: User[], total}` is about users' names and emails as much as the user is.
 */
function fieldNames(dtos: ReadonlyMap<string, Dto>, type: string | undefined): string[] {
  return dtosIn(dtos, type).flatMap((dto) => [
    ...dto.fields.map((f) => f.name),
    ...dto.fields.flatMap((f) =>
      dtosIn(dtos, f.type)
        .filter((d) => d !== dto)
        .flatMap((d) => d.fields.map((g) => g.name)),
    ),
  ]);
}

/** What a service's types and DTOs are, by name. */
interface Names {
  dtos: ReadonlyMap<string, Dto>;
  /** Enum and literal-union types' values. */
  values: ReadonlyMap<string, (string | number)[]>;
}

/** The values an input of this type and these constraints can take: a named enum's, a literal union's, an inline enum's. */
function valuesOf(names: Names, type: TypeText, constraints: Constraints | undefined): string[] {
  const named = (type.match(/[A-Za-z_][\w.]*/g) ?? []).flatMap((n) => names.values.get(n) ?? []);
  const literals = [...type.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  const inline = Array.isArray(constraints?.enum) ? constraints.enum : [];
  return [...named, ...literals, ...inline].filter((v) => v !== null).map(String);
}

/**
 * The values an endpoint's inputs accept (its parameters' and its request body's fields'): what
 * it can set or filter by ("shipped" for PATCH /orders/{id}/status taking an OrderStatus).
 */
function inputValues(names: Names, e: Endpoint): string {
  const request = dtosIn(names.dtos, e.request).flatMap((d) => d.fields);
  return [...e.params, ...request].flatMap((p) => valuesOf(names, p.type, p.constraints)).join(" ");
}

const fileOf = (root: string, file: string) => posix.normalize(posix.join(root, file));

function endpointDocument(
  service: ServiceManifest,
  e: Endpoint,
  names: Names,
  code: string,
  off: ReadonlySet<string>,
  docSummary: string,
): SearchDocument {
  const { dtos } = names;
  // "ProfileController.unFollow": the method is a word of its own (unfollow), not only its parts.
  const handler = e.handler === "<inline>" ? "" : e.handler.replaceAll(".", " ");
  // A handler's docstring summary line names what it does as a summary would ("Stars an entity").
  const summary = e.summary ?? docSummary;
  const own = [handler, e.operation_id ?? "", summary, ...(e.tags ?? [])].join(" ");
  // Paging parameters say how to read a list, not what it holds ("size" is no product's size).
  const isPaging = (p: Endpoint["params"][number]) =>
    !off.has("paging") && p.in === "query" && PAGING.test(p.name);
  const paging = e.params
    .filter(isPaging)
    .map((p) => p.name)
    .join(" ");
  const params = e.params
    .filter((p) => !isPaging(p))
    .map((p) => p.name)
    .join(" ");
  const dtoNames = [e.request ?? "", ...e.responses.map((r) => r.dto ?? "")].join(" ");
  const verbs = off.has("method-words")
    ? e.method.toLowerCase()
    : `${METHOD_WORDS[e.method] ?? ""} ${e.method === "GET" ? readWords(e.path) : ""}`;
  // The fields it takes and returns say what it is about ("rating", "capacity") when its path does not.
  const bodyFields = [e.request, ...e.responses.map((r) => r.dto)]
    .flatMap((name) => fieldNames(dtos, name))
    .join(" ");
  return {
    key: `endpoint:${service.name}:${e.id}`,
    kind: "endpoint",
    service: service.name,
    method: e.method,
    path: e.path,
    file: fileOf(service.root, e.file),
    line: e.line,
    ...(e.handler === "<inline>" ? {} : { handler: e.handler }),
    fields: [
      // Names: "/users/me" is about "me", though "me" is a stopword in prose.
      [pathWords(e.path), "name", true],
      [own, "name"],
      [`${params} ${dtoNames}`, "words"],
      [`${verbs} ${bodyFields} ${inputValues(names, e)} ${e.description ?? ""} ${paging}`, "hint"],
      [code, "hint"],
      // People name the API they mean ("the shop API", "in the library"): its service's name.
      [service.name, "hint"],
      // Testers name what it answers: "the export that returns 202".
      [e.responses.map((r) => r.status ?? "").join(" "), "hint"],
    ],
    embedText: `${verbs.split(" ")[0]} ${pathWords(e.path)} ${own} ${params} ${dtoNames}`,
  };
}

function fieldWords(f: Field): string {
  const enumValues = Array.isArray(f.constraints.enum) ? f.constraints.enum.join(" ") : "";
  const format = typeof f.constraints.format === "string" ? f.constraints.format : "";
  return `${f.name} ${f.type} ${format} ${enumValues} ${f.description ?? ""}`;
}

function dtoDocument(service: ServiceManifest, d: Dto): SearchDocument {
  const fields = d.fields.map((f) => f.name).join(" ");
  return {
    key: `dto:${service.name}:${d.name}`,
    kind: "dto",
    service: service.name,
    name: d.name,
    file: fileOf(service.root, d.file),
    line: d.line,
    fields: [
      [d.name, "name"],
      [fields, "words"],
    ],
    embedText: `${d.name} ${fields}`,
  };
}

function fieldDocument(service: ServiceManifest, d: Dto, f: Field): SearchDocument {
  return {
    key: `field:${service.name}:${d.name}.${f.name}`,
    kind: "field",
    service: service.name,
    name: `${d.name}.${f.name}`,
    file: fileOf(service.root, d.file),
    line: d.line,
    fields: [
      [f.name, "name"],
      [`${d.name} ${fieldWords(f)}`, "words"],
    ],
    embedText: `${f.name} ${d.name} ${fieldWords(f)}`,
  };
}

/** Endpoints, DTOs and DTO fields of one service of the manifest. */
export function manifestDocuments(
  service: ServiceManifest,
  /** Each endpoint's code words, by endpoint id (code-words.ts). */
  codeWords: ReadonlyMap<string, string>,
  off: ReadonlySet<string> = new Set(),
  /** Each endpoint's docstring summary line, by endpoint id (code-words.ts). */
  docSummaries: ReadonlyMap<string, string> = new Map(),
): SearchDocument[] {
  const names: Names = {
    dtos: new Map(service.dtos.map((d) => [d.name, d])),
    values: new Map(service.types.flatMap((t) => (t.values ? [[t.name, t.values] as const] : []))),
  };
  const out: SearchDocument[] = service.endpoints.map((e) =>
    endpointDocument(service, e, names, codeWords.get(e.id) ?? "", off, docSummaries.get(e.id) ?? ""),
  );
  for (const d of service.dtos) {
    out.push(dtoDocument(service, d));
    for (const f of d.fields) out.push(fieldDocument(service, d, f));
  }
  return out;
}
