// GET /agent/context/{issue_id} against a real service indexing a real folder (SPEC §4).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../../controller/src/index.js";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";
import { MIN_BUDGET_TOKENS } from "../../src/schemas/agent-context.js";

const FILES: Record<string, string> = {
  "src/billing/invoice.ts": [
    'import { roundCents } from "../util/money.js";',
    'import { taxFor } from "./tax.js";',
    "export interface Invoice { lines: number[]; country: string }",
    "export function invoiceTotal(invoice: Invoice): number {",
    "  const net = invoice.lines.reduce((a, b) => a + b, 0);",
    "  return roundCents(net + taxFor(net, invoice.country));",
    "}",
    "",
  ].join("\n"),
  "src/billing/tax.ts": [
    "const RATES: Record<string, number> = { FR: 0.2, DE: 0.19 };",
    "export function taxFor(net: number, country: string): number {",
    "  return net * (RATES[country] ?? 0);",
    "}",
    "",
  ].join("\n"),
  "src/util/money.ts":
    "export function roundCents(x: number): number {\n  return Math.round(x * 100) / 100;\n}\n",
  "src/billing/invoice.test.ts":
    'import { invoiceTotal } from "./invoice.js";\ninvoiceTotal({ lines: [1], country: "FR" });\n',
  "src/auth/session.ts":
    "export class SessionStore {\n  private sessions = new Map<string, string>();\n  open(user: string): string {\n    const id = user + Date.now();\n    this.sessions.set(id, user);\n    return id;\n  }\n}\n",
  "src/auth/login.ts":
    'import { SessionStore } from "./session.js";\nexport function login(store: SessionStore, user: string, password: string): string {\n  if (!password) throw new Error("password required");\n  return store.open(user);\n}\n',
  "docs/notes.md": "Release notes: nothing about money here.\n",
};

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function folder(): string {
  const root = mkdtempSync(join(tmpdir(), "tg-context-"));
  roots.push(root);
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe("agent context for an issue", () => {
  let svc: StartedService;

  beforeAll(async () => {
    svc = await startService({ env: { CODE_ROOTS: `shop=${folder()}` } });
    await eventually(
      async () => expect((await svc.get("/api/v1/code/repositories/shop")).body.status).toBe("ready"),
      { timeoutMs: 20_000, intervalMs: 50 },
    );
  });
  afterAll(() => svc?.close());

  async function issue(title: string, description = ""): Promise<string> {
    const res = await svc.post("/api/v1/issues", { title, description });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it("ranks first the file declaring the identifier the issue names, with the reason and the symbol's signature", async () => {
    const id = await issue(
      "Wrong VAT in invoices",
      "taxFor returns 0 for Spain; invoices for ES customers lack tax.",
    );
    const res = await svc.get(`/api/v1/agent/context/${id}`);
    expect(res.status).toBe(200);
    const top = res.body.files[0];
    expect(top).toMatchObject({ repo: "shop", path: "src/billing/tax.ts" });
    expect(top.signals.mention).toBeGreaterThan(0);
    expect(top.reasons.join(" ")).toContain("taxFor");
    expect(top.symbols[0]).toMatchObject({ name: "taxFor", kind: "function", line: 2 });
    expect(top.symbols[0].signature).toContain("taxFor(net: number, country: string)");
    expect(top.snippet).toContain("2: function taxFor(net: number");
    expect(res.body.tokenizer).toBe("o200k_base");
  });

  // The graph's PageRank left the ranking (bench:context-fit measured it worse than nothing): the
  // files around come in by their own evidence (shared words, meaning, the tests that name them).
  it("brings in the files around a named one, each score explained", async () => {
    const id = await issue("invoiceTotal rounds twice", "See src/billing/invoice.ts");
    const { body } = await svc.get(`/api/v1/agent/context/${id}`);
    const paths = body.files.map((f: Json) => f.path);
    expect(paths[0]).toBe("src/billing/invoice.ts");
    // tax.ts and money.ts are imported by it; the test exercises it.
    expect(paths).toEqual(
      expect.arrayContaining(["src/billing/tax.ts", "src/util/money.ts", "src/billing/invoice.test.ts"]),
    );
    expect(paths.indexOf("src/util/money.ts")).toBeLessThan(
      paths.indexOf("src/auth/session.ts") === -1 ? 99 : paths.indexOf("src/auth/session.ts"),
    );
    for (const f of body.files) {
      expect(f.reasons.length).toBeGreaterThan(0);
      expect(Object.keys(f.signals).sort()).toEqual([
        "component",
        "graph",
        "lexical",
        "link",
        "mention",
        "semantic",
        "tests",
      ]);
    }
    const test = body.files.find((f: Json) => f.path === "src/billing/invoice.test.ts");
    expect(test.signals.tests).toBeGreaterThan(0);
  });

  it("keeps used_tokens within the budget, counted over the answer's own text, and says when it truncated", async () => {
    const id = await issue(
      "Sessions and login",
      "login SessionStore open roundCents invoiceTotal taxFor src/billing/ src/auth/",
    );
    for (const budget of [500, 800, 4000]) {
      const res = await svc.get(`/api/v1/agent/context/${id}?budget_tokens=${budget}`);
      expect(res.status).toBe(200);
      expect(res.body.used_tokens).toBeLessThanOrEqual(budget);
      expect(res.body.used_tokens).toBe(countTokens(JSON.stringify(res.body)));
      if (budget === 500) expect(res.body.truncated).toBe(true);
    }
    const limited = await svc.get(`/api/v1/agent/context/${id}?limit=2`);
    expect(limited.body.files).toHaveLength(2);
    expect(limited.body.truncated).toBe(true);
  });

  it("answers the same for the same issue and code", async () => {
    const id = await issue("roundCents loses a cent", "money rounding in src/util");
    const a = await svc.get(`/api/v1/agent/context/${id}`);
    const b = await svc.get(`/api/v1/agent/context/${id}`);
    expect(b.text).toBe(a.text);
  });

  it("lists dependencies and similar issues as related issues", async () => {
    const base = await issue("Tax rates table is incomplete", "RATES lacks ES");
    const dependent = await issue("Invoices for Spain are wrong", "taxFor has no rate for ES");
    await svc.post(`/api/v1/issues/${dependent}/dependencies`, { depends_on_id: base });
    const { body } = await svc.get(`/api/v1/agent/context/${dependent}`);
    expect(body.related_issues).toContainEqual(
      expect.objectContaining({ id: base, relation: "depends_on", title: "Tax rates table is incomplete" }),
    );
    const back = await svc.get(`/api/v1/agent/context/${base}`);
    expect(back.body.related_issues).toContainEqual(
      expect.objectContaining({ id: dependent, relation: "blocks" }),
    );
  });

  it("lends the files a similar closed issue links to a new issue, as a link weaker than its own code_refs", async () => {
    const past = await svc.post("/api/v1/issues", {
      title: "Sessions expire too early after sign-in",
      description: "Users are signed out after a minute of inactivity.",
      status: "CLOSED",
      code_refs: ["src/auth/session.ts#SessionStore"],
    });
    expect(past.status).toBe(201);
    const id = await issue(
      "Sessions expire too early on phones",
      "Users are signed out after a minute on phones.",
    );
    const { body } = await svc.get(`/api/v1/agent/context/${id}`);
    const session = body.files.find((f: Json) => f.path === "src/auth/session.ts");
    expect(session.signals.link).toBeGreaterThan(0);
    expect(session.signals.link).toBeLessThan(1);
    expect(session.reasons.join(" ")).toContain(`related issue ${past.body.id}`);
    const unrelated = await issue("Invoice totals round twice", "invoiceTotal adds tax after rounding");
    const other = await svc.get(`/api/v1/agent/context/${unrelated}`);
    for (const f of other.body.files) expect(f.reasons.join(" ")).not.toContain(past.body.id);
  });

  it("answers 404 for an unknown issue or repository and 400 for a budget out of range", async () => {
    expect((await svc.get("/api/v1/agent/context/no-such-issue")).body.code).toBe("ISSUE_NOT_FOUND");
    const id = await issue("anything");
    const repo = await svc.get(`/api/v1/agent/context/${id}?repo=nope`);
    expect(repo.status).toBe(404);
    expect(repo.body.code).toBe("REPOSITORY_NOT_FOUND");
    const low = await svc.get(`/api/v1/agent/context/${id}?budget_tokens=10`);
    expect(low.status).toBe(400);
    expect(low.body.error).toContain("budget_tokens");
  });
});

describe("agent context without code", () => {
  let svc: StartedService;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc?.close());

  it("answers 200 with no files and a warning when no code is indexed", async () => {
    const created = await svc.post("/api/v1/issues", { title: "Fix parseConfig" });
    const res = await svc.get(`/api/v1/agent/context/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual([]);
    expect(res.body.warnings.join(" ")).toContain("No code is indexed");
    expect(res.body.used_tokens).toBe(countTokens(JSON.stringify(res.body)));
  });

  it("accepts the smallest budget that holds the issue header (what it costs, measured) and refuses one less", async () => {
    // The header as the service renders it: no code indexed (its longest fixed warning), an
    // IN_PROGRESS issue, six-digit counts; id and title measured apart.
    const one = await svc.post("/api/v1/issues", { title: "x", status: "IN_PROGRESS" });
    const big = (await svc.get(`/api/v1/agent/context/${one.body.id}?budget_tokens=200000`)).body;
    // The issue's decisions (SPEC §2c) are in the frame as an empty list, listed or not by this build.
    const shape = { ...big, decisions: big.decisions ?? [] };
    const cost = (id: string, title: string) =>
      countTokens(JSON.stringify({ ...shape, issue: { ...big.issue, id, title }, used_tokens: 200_000 }));
    const frame = cost("", "");
    // Ids are UUIDs; this one (digits and letters alternating, so nothing merges) costs the most.
    const uuidMost = cost("1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", "") - frame;
    expect(uuidMost).toBeGreaterThanOrEqual(cost(one.body.id, "") - frame);
    expect(MIN_BUDGET_TOKENS, "frame + the costliest UUID + a 200-token title").toBe(frame + uuidMost + 200);
    // A 200-character title at one token per character: 200 CJK characters, each its own token.
    const oneTokenEach = [...Array(0x9fff - 0x4e00).keys()]
      .map((i) => String.fromCodePoint(0x4e00 + i))
      .filter((c) => countTokens(c) === 1)
      .slice(0, 200);
    const title = oneTokenEach.join("");
    expect(countTokens(title)).toBeGreaterThanOrEqual(199);

    const created = await svc.post("/api/v1/issues", { title, status: "IN_PROGRESS" });
    expect(created.status).toBe(201);
    const res = await svc.get(`/api/v1/agent/context/${created.body.id}?budget_tokens=${MIN_BUDGET_TOKENS}`);
    expect(res.status).toBe(200);
    expect(res.body.issue.title).toBe(title);
    expect(res.body.warnings.join(" ")).toContain("No code is indexed");
    expect(res.body.used_tokens).toBe(countTokens(JSON.stringify(res.body)));
    expect(res.body.used_tokens).toBeLessThanOrEqual(MIN_BUDGET_TOKENS);
    const below = await svc.get(
      `/api/v1/agent/context/${created.body.id}?budget_tokens=${MIN_BUDGET_TOKENS - 1}`,
    );
    expect(below.status).toBe(400);
    expect(below.body.error).toContain("budget_tokens");
    expect(below.body.error).toContain(String(MIN_BUDGET_TOKENS));
  });

  it("cuts a title that costs more than the minimum budget holds, ending it in … and saying truncated", async () => {
    const family = "👨‍👩‍👧‍👦"; // one grapheme, ~11 tokens
    const created = await svc.post("/api/v1/issues", { title: family.repeat(200) });
    expect(created.status).toBe(201);
    const res = await svc.get(`/api/v1/agent/context/${created.body.id}?budget_tokens=${MIN_BUDGET_TOKENS}`);
    expect(res.status).toBe(200);
    expect(res.body.used_tokens).toBe(countTokens(JSON.stringify(res.body)));
    expect(res.body.used_tokens).toBeLessThanOrEqual(MIN_BUDGET_TOKENS);
    expect(res.body.truncated).toBe(true);
    expect(res.body.issue.title).toMatch(new RegExp(`^(${family})+…$`, "u"));
    const full = await svc.get(`/api/v1/agent/context/${created.body.id}?budget_tokens=4000`);
    expect(full.body.issue.title).toBe(family.repeat(200));
  });
});

describe("links from issues and components to code", () => {
  let svc: StartedService;
  beforeAll(async () => {
    svc = await startService({ env: { CODE_ROOTS: `shop=${folder()}` } });
    await eventually(
      async () => expect((await svc.get("/api/v1/code/repositories/shop")).body.status).toBe("ready"),
      { timeoutMs: 20_000, intervalMs: 50 },
    );
  });
  afterAll(() => svc?.close());

  it("stores code_refs on an issue, refuses more than 50 or a malformed one, and ranks the linked file first", async () => {
    const created = await svc.post("/api/v1/issues", {
      title: "Something is off",
      code_refs: ["src/util/money.ts#roundCents"],
    });
    expect(created.body.code_refs).toEqual(["src/util/money.ts#roundCents"]);
    const { body } = await svc.get(`/api/v1/agent/context/${created.body.id}`);
    expect(body.files[0]).toMatchObject({ path: "src/util/money.ts" });
    expect(body.files[0].signals.link).toBe(1);
    expect(body.files[0].symbols[0].name).toBe("roundCents");
    const tooMany = await svc.post("/api/v1/issues", {
      title: "x",
      code_refs: Array.from({ length: 51 }, (_, i) => `f${i}.ts`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain("code_refs");
    const malformed = await svc.patch(`/api/v1/issues/${created.body.id}`, { code_refs: ["a b.ts"] });
    expect(malformed.status).toBe(400);
    const cleared = await svc.patch(`/api/v1/issues/${created.body.id}`, { code_refs: [] });
    expect(cleared.body.code_refs).toEqual([]);
  });

  it("seeds the files matching the issue's component path globs", async () => {
    const comp = await svc.post("/api/v1/components", { name: "Auth", paths: ["src/auth/**"] });
    expect(comp.body.paths).toEqual(["src/auth/**"]);
    const created = await svc.post("/api/v1/issues", {
      title: "Users get logged out",
      component_id: comp.body.id,
    });
    const { body } = await svc.get(`/api/v1/agent/context/${created.body.id}`);
    const auth = body.files.filter((f: Json) => f.signals.component === 1).map((f: Json) => f.path);
    expect(auth.sort()).toEqual(["src/auth/login.ts", "src/auth/session.ts"]);
    expect(body.files[0].path.startsWith("src/auth/")).toBe(true);
    expect(body.files[0].reasons.join(" ")).toContain('component "Auth"');
  });
});
