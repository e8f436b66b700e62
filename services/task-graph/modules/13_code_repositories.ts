import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type TaskGraphPage from "../page.js";

export const tags = ["code"];

/** Code uploaded over HTTP is indexed: listed with its counts, its symbols searchable with repo, path and line; deleted, it is gone. */
export async function run(page: TaskGraphPage) {
  const repo = `e2e-${randomUUID().slice(0, 8)}`;
  const uploaded = await page.uploadFiles(repo, [
    {
      path: "src/money.ts",
      content: "export function roundHalfEven(cents: number): number {\n  return Math.round(cents);\n}\n",
    },
    {
      path: "src/cart.ts",
      content:
        'import { roundHalfEven } from "./money.js";\nexport const total = (xs: number[]) => roundHalfEven(xs.length);\n',
    },
  ]);
  assert.equal(uploaded.status, 200);
  assert.equal(uploaded.json().files, 2);

  const listed = await page.getRepository(repo);
  assert.equal(listed.status, 200);
  assert.equal(listed.json().status, "ready");
  assert.equal(listed.json().path, null);

  const found = await page.search({ query: "roundHalfEven", types: ["symbol"] });
  const hit = found.json().results.find((r: { repo?: string }) => r.repo === repo);
  assert.ok(hit, "uploaded symbol is searchable");
  assert.equal(hit.path, "src/money.ts");
  assert.equal(hit.line, 1);

  const removed = await page.deleteRepository(repo);
  assert.equal(removed.status, 204);
  const gone = await page.getRepository(repo);
  assert.equal(gone.status, 404);
  return gone;
}
