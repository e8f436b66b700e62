// The domain speaks no HTTP: it throws DomainError codes (routes/errors.ts gives them statuses),
// never sees a request or reply, and takes typed arguments, not query strings (the routes parse
// paging, filters and flags).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DOMAIN = join(import.meta.dirname, "../../src/domain");

const FORBIDDEN: [string, RegExp][] = [
  ["imports fastify", /from "(fastify|@fastify\/[^"]+)"/],
  ["uses HttpError or httpError", /\bhttpError\b|\bHttpError\b/],
  ["names a reply or status code", /\breply\b|\bstatusCode\b/],
  [
    "takes a query-string schema type",
    /\b(ListIssuesInput|ReadinessInput|PageInput|ReleaseInput|DeleteIssueInput|ImpactQuery)\b/,
  ],
  ["builds the HTTP list envelope", /\benvelope\(|\bEnvelope\b/],
];

describe("src/domain", () => {
  const files = readdirSync(DOMAIN, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));

  for (const [what, pattern] of FORBIDDEN) {
    it(`never ${what}`, () => {
      const offenders = files.filter((f) => pattern.test(readFileSync(join(DOMAIN, f), "utf8")));
      expect(offenders).toEqual([]);
    });
  }
});
