// `config.get("server.urlPrefix")` of node-config (the `config` package, common in Express
// apps): the value `config/default.json` gives the key, as a prefix or path built from it is
// known only there. Other files node-config may merge (environment files, YAML, env vars) are a
// deployment's choice: the defaults are what the code ships with. A JSON file a module
// requires (`require("./config.json")`) is read the same way (jsonFileValue).

import type { Value } from "./value.js";

const DEFAULTS = "config/default.json";

/** What `config/default.json` holds at a dotted key, as a Value; undefined when unknown. */
export function nodeConfigDefault(
  readFile: ((path: string) => string | undefined) | undefined,
  key: string,
  cache: Map<string, unknown>,
): Value | undefined {
  if (!readFile) return undefined;
  if (!cache.has(DEFAULTS)) cache.set(DEFAULTS, parse(readFile(DEFAULTS)));
  let at: unknown = cache.get(DEFAULTS);
  for (const part of key.split(".")) {
    if (typeof at !== "object" || at === null || !(part in at)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return toValue(at);
}

/**
 * A JSON file of the tree as a Value (`require("./config.json")`, which Node parses as JSON);
 * undefined when absent, too large to be configuration, or not JSON.
 */
export function jsonFileValue(
  readFile: ((path: string) => string | undefined) | undefined,
  path: string,
): Value | undefined {
  const text = readFile?.(path);
  if (text === undefined || text.length > MAX_JSON_CHARS) return undefined;
  return toValue(parse(text));
}

/** Past this a JSON file is data, not settings: not read. */
const MAX_JSON_CHARS = 256 * 1024;

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toValue(x: unknown): Value | undefined {
  if (typeof x === "string") return { k: "str", v: x };
  if (typeof x === "number") return { k: "num", v: x };
  if (typeof x === "boolean") return { k: "bool", v: x };
  if (x === null) return { k: "null" };
  if (Array.isArray(x)) return { k: "arr", items: x.map((i) => toValue(i) ?? { k: "null" }) };
  if (typeof x === "object")
    return {
      k: "obj",
      props: Object.entries(x).map(([k, v]) => [k, toValue(v) ?? { k: "null" }] as [string, Value]),
    };
  return undefined;
}
