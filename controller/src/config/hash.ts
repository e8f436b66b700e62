// A stable short hash of a resolved config: same options → same hash, whatever the key order
// in the file or where it lives (containers are labelled with it for --reuse).
import { createHash } from "node:crypto";
import type { ResolvedSections } from "./resolve.js";

export function hashConfig(config: ResolvedSections): string {
  return createHash("sha256").update(canonicalJson(config)).digest("hex").slice(0, 12);
}

/** JSON with object keys sorted at every level. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}
