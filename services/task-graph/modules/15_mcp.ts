import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type TaskGraphPage from "../page.js";

export const tags = ["mcp", "agent"];

/** An agent over MCP: creates an issue (a short text beside the data), claims it and asks for its context — the answers of the HTTP routes. */
export async function run(page: TaskGraphPage) {
  const title = `MCP flow ${randomUUID().slice(0, 8)}`;
  const created = await page.callTool("create_issue", { title });
  assert.equal(created.status, 200);
  const issue = created.json().result.structuredContent;
  assert.equal(issue.title, title);
  // The data is structuredContent; the text beside it is a short summary naming the issue.
  const [text] = created.json().result.content;
  assert.equal(text.type, "text");
  assert.ok(text.text.length <= 1000, text.text);
  assert.ok(text.text.startsWith(`Created issue ${issue.id} '${title}' (OPEN, MEDIUM)`), text.text);

  const claimed = await page.callTool("claim_issue", { id: issue.id, agent: "e2e-agent" });
  assert.equal(claimed.json().result.structuredContent.assignee, "e2e-agent");

  const context = await page.callTool("get_issue_context", { id: issue.id, budget_tokens: 1000 });
  const viaMcp = context.json().result.structuredContent;
  const viaHttp = (await page.agentContext(issue.id, { budget_tokens: 1000 })).json();
  assert.deepEqual(viaMcp, viaHttp);
  assert.ok(viaMcp.used_tokens <= 1000);

  const refused = await page.callTool("get_issue_context", { id: `missing-${randomUUID()}` });
  assert.equal(refused.json().result.isError, true);
  await page.deleteIssue(issue.id);
  return context;
}
