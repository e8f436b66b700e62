import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type TaskGraphPage from "../page.js";

export const tags = ["search"];

/** Indexing is automatic: a created issue is found by search, an updated one by its new text, a deleted one no more. */
export async function run(page: TaskGraphPage) {
  const word = `zebrafish${randomUUID().slice(0, 6)}`;
  const issue = await page.newIssue({ title: `Upload fails for ${word} images` });
  const found = await page.search({ query: word, types: ["issue"] });
  assert.equal(found.status, 200);
  assert.ok(
    found.json().results.some((r: { id: string }) => r.id === issue.id),
    "new issue is searchable",
  );

  const other = `okapi${randomUUID().slice(0, 6)}`;
  await page.updateIssue(issue.id, { title: `Upload fails for ${other} images` });
  const afterUpdate = (await page.search({ query: other, types: ["issue"] })).json();
  assert.ok(
    afterUpdate.results.some((r: { id: string }) => r.id === issue.id),
    "updated text is searchable",
  );

  await page.deleteIssue(issue.id);
  const gone = await page.search({ query: other, types: ["issue"] });
  assert.ok(
    !gone.json().results.some((r: { id: string }) => r.id === issue.id),
    "deleted issue is not found",
  );
  return gone;
}
