// Strong entity tags for issue representations (RFC 9110 §8.8.3) and If-Match evaluation
// (§13.1.1). The tag is a hash of the representation itself, so it changes exactly when what a
// client sees changes: fields, dependency ids, and a claim that lapsed.
import { createHash } from "node:crypto";
import type { Issue } from "../schemas/issue.js";
import { DomainError } from "./errors.js";

export function etagOf(issue: Issue): string {
  // Dependency ids are sorted so that two reads of one state always give one tag, whatever
  // order a backend returns them in.
  const canonical = {
    ...issue,
    depends_on: [...issue.depends_on].sort(),
    blocks: [...issue.blocks].sort(),
  };
  return `"${createHash("sha256").update(JSON.stringify(canonical)).digest("base64url").slice(0, 27)}"`;
}

/** The entity tags of an If-Match field value, or "*"; weak tags are kept with their W/ prefix. */
function parseEntityTags(header: string): "*" | string[] {
  const value = header.trim();
  if (value === "*") return "*";
  const tags: string[] = [];
  for (const m of value.matchAll(/\s*((?:W\/)?"[^"]*")\s*(?:,|$)/g)) tags.push(m[1]!);
  return tags;
}

/**
 * Evaluates If-Match against the current tag: "*" matches any current representation; a list
 * matches when one entry equals it by strong comparison (a weak tag never matches). On a
 * mismatch: 412 PRECONDITION_FAILED with the current tag, so the client can re-read and retry.
 */
export function requireIfMatch(header: string | undefined, current: string, what: string): void {
  if (header === undefined) return;
  const tags = parseEntityTags(header);
  if (tags === "*" || tags.includes(current)) return;
  throw new DomainError(
    "PRECONDITION_FAILED",
    `${what} has changed since the version named in If-Match (${header.trim() || "empty"}); read it again and retry.`,
    { if_match: header, current_etag: current },
  );
}
