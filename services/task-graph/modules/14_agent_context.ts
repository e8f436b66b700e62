import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type TaskGraphPage from "../page.js";

export const tags = ["code", "agent"];

/** An issue naming a function gets the file declaring it first, explained, within its token budget. */
export async function run(page: TaskGraphPage) {
  const repo = `e2e-${randomUUID().slice(0, 8)}`;
  await page.uploadFiles(repo, [
    {
      path: "src/tax.ts",
      content:
        "export function vatFor(net: number, country: string): number {\n  return country === 'FR' ? net * 0.2 : 0;\n}\n",
    },
    {
      path: "src/invoice.ts",
      content:
        'import { vatFor } from "./tax.js";\nexport function invoiceTotal(net: number): number {\n  return net + vatFor(net, "FR");\n}\n',
    },
    { path: "README.md", content: "Billing helpers.\n" },
  ]);
  const issue = await page.newIssue({
    title: "vatFor returns 0 for Spain",
    description: "Spanish invoices lack VAT.",
  });

  const res = await page.agentContext(issue.id, { repo, budget_tokens: 1500 });
  assert.equal(res.status, 200);
  const body = res.json();
  assert.equal(body.tokenizer, "o200k_base");
  assert.ok(body.used_tokens <= 1500, `used ${body.used_tokens} of 1500 tokens`);
  assert.equal(body.files[0].path, "src/tax.ts");
  assert.ok(body.files[0].signals.mention > 0);
  assert.ok(body.files[0].reasons.some((r: string) => r.includes("vatFor")));
  assert.equal(body.files[0].symbols[0].name, "vatFor");

  const missing = await page.agentContext(`missing-${randomUUID()}`);
  assert.equal(missing.status, 404);
  await page.deleteRepository(repo);
  return res;
}
