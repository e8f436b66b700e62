// Shared checks of the task-graph scenarios (not a module: its name has no NN_ prefix).

import assert from "node:assert/strict";
import type { PageResponse } from "gantry";

/** UTC ISO 8601 without zone offset, millisecond precision (SPEC: "2026-11-21T23:44:37.588"). */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

// The contract's issue fields (SPEC §2), written out: a scenario checks the service from outside,
// and importing the service's schema would load its HTTP stack into every run (seconds under
// tsx). test/api/issue-fields.test.ts fails when this list and IssueSchema drift apart.
export const ISSUE_FIELDS = [
  "assignee",
  "blocks",
  "claim_expires_at",
  "closed_at",
  "code_refs",
  "component_id",
  "created_at",
  "depends_on",
  "description",
  "id",
  "labels",
  "priority",
  "status",
  "title",
  "updated_at",
];

/** The JSON error shape of SPEC's common rules, with the expected status and code. */
export function assertError(res: PageResponse, status: number, code: string): Record<string, unknown> {
  assert.equal(res.status, status, `HTTP status (body: ${res.text().slice(0, 200)})`);
  assert.match(res.headers["content-type"] ?? "", /^application\/json/);
  const body = res.json();
  assert.equal(body.code, code);
  assert.equal(typeof body.error, "string");
  return body;
}

/** 400 VALIDATION_ERROR whose message names the field. */
export function assertInvalid(res: PageResponse, field: string): void {
  const body = assertError(res, 400, "VALIDATION_ERROR");
  assert.ok(String(body.error).includes(`"${field}"`), `error names "${field}": ${body.error}`);
}

/** SPEC list envelope with total_pages = ceil(total / limit). */
export function assertEnvelope(
  res: PageResponse,
  page: number,
  limit: number,
): { items: { id: string }[]; total: number } {
  assert.equal(res.status, 200, res.text().slice(0, 200));
  const body = res.json();
  assert.deepEqual(Object.keys(body).sort(), ["items", "limit", "page", "total", "total_pages"]);
  assert.equal(body.page, page);
  assert.equal(body.limit, limit);
  assert.equal(body.total_pages, Math.ceil(body.total / limit));
  return body;
}
