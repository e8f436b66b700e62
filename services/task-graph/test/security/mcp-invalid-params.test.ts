// POST /mcp with malformed params, sent as raw JSON-RPC over a real socket (the SDK's client would
// refuse to send most of them): each is a JSON-RPC -32602 (invalid params) whose message names
// the field, what it must be and what it was, with no schema-library dump and no stack.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";

const INVALID_PARAMS = -32602;

describe("MCP requests with malformed params", () => {
  let svc: StartedService;
  let nextId = 1;

  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc?.close());

  /** The JSON-RPC answer to one request (HTTP 200, as the SDK answers errors too). */
  async function rpc(method: string, params?: unknown): Promise<Json> {
    const id = nextId++;
    const message = { jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) };
    const reply = await svc.request("POST", "/mcp", message, { accept: "application/json" });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ jsonrpc: "2.0", id });
    return reply.body;
  }

  /** Fails unless the answer is a -32602 whose message is one plain sentence, no internals. */
  function expectInvalidParams(answer: Json, message: string | RegExp): void {
    expect(answer.result).toBeUndefined();
    expect(answer.error.code).toBe(INVALID_PARAMS);
    expect(answer.error.message).toMatch(message);
    expect(answer.error.message).not.toMatch(/\n|invalid_type|"expected"|"path"|\bat .+:\d+:\d+/);
    expect(answer.error.data).toBeUndefined();
  }

  it("refuses tools/call arguments that are not an object, naming what they were", async () => {
    const cases: [unknown, string][] = [
      ["a string", "a string"],
      [42, "a number"],
      [["title", "x"], "an array"],
      [null, "null"],
      [true, "a boolean"],
    ];
    for (const [args, what] of cases) {
      const answer = await rpc("tools/call", { name: "create_issue", arguments: args });
      expectInvalidParams(
        answer,
        `Invalid params for "tools/call": "params.arguments" must be an object, not ${what}.`,
      );
    }
    // None of them ran the tool.
    expect((await svc.get("/api/v1/issues")).body.total).toBe(0);
  });

  it("refuses a tools/call without a tool name, or with a name that is not a string", async () => {
    expectInvalidParams(
      await rpc("tools/call", { arguments: { title: "x" } }),
      `Invalid params for "tools/call": "params.name" is required (a string).`,
    );
    expectInvalidParams(
      await rpc("tools/call", { name: 7, arguments: { title: "x" } }),
      `Invalid params for "tools/call": "params.name" must be a string, not a number.`,
    );
    expectInvalidParams(
      await rpc("tools/call", { name: ["create_issue"], arguments: "x" }),
      `Invalid params for "tools/call": "params.name" must be a string, not an array; "params.arguments" must be an object, not a string.`,
    );
    expectInvalidParams(
      await rpc("tools/call"),
      `Invalid params for "tools/call": "params" is required (an object).`,
    );
    expect((await svc.get("/api/v1/issues")).body.total).toBe(0);
  });

  it("refuses an unknown tool with -32602 naming it (the code MCP specifies for an unknown tool)", async () => {
    for (const name of ["drop_everything", ""]) {
      expectInvalidParams(await rpc("tools/call", { name, arguments: {} }), `Unknown tool "${name}"`);
    }
  });

  it("answers other methods' malformed params the same way", async () => {
    expectInvalidParams(
      await rpc("tools/list", { cursor: 5 }),
      `Invalid params for "tools/list": "params.cursor" must be a string, not a number.`,
    );
    expectInvalidParams(
      await rpc("initialize", {}),
      /^Invalid params for "initialize": "params\.protocolVersion" is required \(a string\); /,
    );
  });

  it("still answers well-formed calls after refusing malformed ones", async () => {
    const answer = await rpc("tools/call", {
      name: "create_issue",
      arguments: { title: "made after refusals" },
    });
    expect(answer.error).toBeUndefined();
    expect(answer.result.isError ?? false).toBe(false);
    expect(answer.result.structuredContent.title).toBe("made after refusals");
    // Omitting arguments is allowed by MCP: the tool then refuses its missing field, as its route does.
    const bare = await rpc("tools/call", { name: "create_issue" });
    expect(bare.result.isError).toBe(true);
    // A refusal is text only: structuredContent would have to match the tool's outputSchema.
    expect(bare.result.structuredContent).toBeUndefined();
    expect(JSON.parse(bare.result.content[0].text)).toMatchObject({ error: 'Field "title" is required.' });
  });

  it("refuses params that are not an object at all with the body's 400, naming the field", async () => {
    const reply = await svc.request(
      "POST",
      "/mcp",
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: ["create_issue"] },
      { accept: "application/json" },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Field "params" must be a JSON object.',
      code: "VALIDATION_ERROR",
      details: { field: "params", location: "body", rule: "type" },
    });
  });
});
