// A code write as the embedded store keeps it: a deep, frozen copy (what is applied is exactly
// what the journal replays, whatever the caller does next) and the JSON text of that copy for the
// journal line, made a file's subgraph at a time with turns of the event loop between slices.
// Copying and stringifying a 1,200-file upload whole held the loop for 1-3 s (issue 25 point 5);
// one large file's subgraph (thousands of symbols and edges) took 30-70 ms, so its long arrays
// are copied a few hundred items at a time.

import { STEPS_PER_LOOK, Yielder } from "../../../../../lib/turns/index.js";
import type { CodeFileSubgraph, CodeFilesChange } from "../../ports/code-graph-store.js";

export interface CopiedChange {
  change: CodeFilesChange;
  /** JSON.stringify(change) in pieces (joined, one string of tens of MB to flatten and encode). */
  json: string[];
}

export async function copyCodeChange(
  change: Omit<CodeFilesChange, "texts">,
  slices = new Yielder(),
): Promise<CopiedChange> {
  const upsert: CodeFileSubgraph[] = [];
  const json = [`{"repo":${JSON.stringify(change.repo)},"upsert":[`];
  for (const sub of change.upsert) {
    if (upsert.length > 0) json.push(",");
    upsert.push((await copyObject(sub, json, slices)) as CodeFileSubgraph);
    await slices.tick();
  }
  const remove = Object.freeze([...change.remove]) as string[];
  const copy = Object.freeze({
    repo: change.repo,
    upsert: Object.freeze(upsert) as CodeFileSubgraph[],
    remove,
  });
  json.push(`],"remove":${JSON.stringify(remove)}}`);
  return { change: copy, json };
}

/** Items of an array stringified and copied between two looks at the clock (lib/turns says why so few). */
const ARRAY_PIECE = STEPS_PER_LOOK;

/**
 * A frozen copy of one object (a file's subgraph) through JSON, its JSON pushed onto `json` in
 * pieces; a member that is a long array goes ARRAY_PIECE items at a time. The pieces joined are
 * JSON.stringify(value).
 */
async function copyObject(value: object, json: string[], slices: Yielder): Promise<object> {
  const out: Record<string, unknown> = {};
  json.push("{");
  let first = true;
  for (const [key, member] of Object.entries(value)) {
    // What JSON.stringify leaves out of an object.
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    json.push(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    out[key] =
      Array.isArray(member) && member.length > ARRAY_PIECE
        ? await copyArray(member, json, slices)
        : copyWhole(member, json);
  }
  json.push("}");
  return Object.freeze(out);
}

async function copyArray(items: unknown[], json: string[], slices: Yielder): Promise<readonly unknown[]> {
  const out: unknown[] = [];
  json.push("[");
  for (let i = 0; i < items.length; i += ARRAY_PIECE) {
    const piece = JSON.stringify(items.slice(i, i + ARRAY_PIECE));
    json.push(`${i === 0 ? "" : ","}${piece.slice(1, -1)}`);
    for (let k = i; k < Math.min(i + ARRAY_PIECE, items.length); k++)
      out.push(frozenJsonCopy(items[k], true));
    await slices.tick();
  }
  json.push("]");
  return Object.freeze(out);
}

function copyWhole(value: unknown, json: string[]): unknown {
  json.push(JSON.stringify(value));
  return frozenJsonCopy(value, false);
}

/**
 * What JSON.parse(JSON.stringify(value)) gives for plain data, frozen, but sharing the strings
 * (they cannot change): a copy through JSON made a new string for every id and path, hundreds of
 * thousands of objects beside the indexer's own for the collector to visit (issue 25 point 5).
 * `inArray`: an item JSON writes as null when it has no JSON form.
 */
function frozenJsonCopy(value: unknown, inArray: boolean): unknown {
  if (typeof value === "number") return Number.isFinite(value) ? value + 0 : null; // -0 + 0 is 0, as JSON writes it
  if (typeof value === "string" || typeof value === "boolean" || value === null) return value;
  if (typeof value !== "object") return inArray ? null : undefined;
  if (!isPlain(value)) return deepFreeze(JSON.parse(JSON.stringify(value)));
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (let i = 0; i < value.length; i++) items.push(frozenJsonCopy(value[i], true));
    return Object.freeze(items);
  }
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const copy = frozenJsonCopy(member, false);
    // An own "__proto__" member, as JSON.parse makes it, not the object's prototype.
    if (copy !== undefined)
      Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  return Object.freeze(out);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** An array or an object literal without toJSON: anything else goes through JSON itself. */
function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) return proto === Array.prototype;
  return (proto === Object.prototype || proto === null) && !("toJSON" in value);
}
