// The code queries of SPEC §2c over HTTP, against a listening service that indexed real uploads:
// symbol search (exact, prefix, fuzzy), a symbol's callers and callees with confidence, its
// container and members, a file's imports, importers, tests and tested-by, a repository's counts,
// and answers that follow a later upload.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";

const USERS = [
  "export class UserStore {",
  "  find(id: string): string {",
  "    return id;",
  "  }",
  "  save(user: string): string {",
  "    return this.find(user);",
  "  }",
  "}",
  "export function getUser(id: string): string {",
  "  return new UserStore().find(id);",
  "}",
  "export function getUserName(id: string): string {",
  "  return getUser(id);",
  "}",
  "export function getUsr(): number {",
  "  return 1;",
  "}",
  "",
].join("\n");

const FILES = [
  { path: "src/users.ts", content: USERS },
  {
    path: "src/app.ts",
    content:
      'import { getUser } from "./users.js";\nexport function handle(id: string): string {\n  return getUser(id);\n}\n',
  },
  {
    path: "src/users.test.ts",
    content:
      'import { getUser } from "./users.js";\nexport function checkUser(): string {\n  return getUser("1");\n}\n',
  },
  { path: "README.md", content: "# shop\n" },
];

const symbolPath = (id: string) => `/api/v1/code/symbols/${encodeURIComponent(id)}`;

describe("code queries over HTTP", () => {
  let svc: StartedService;

  beforeAll(async () => {
    svc = await startService();
    const upload = await svc.request("PUT", "/api/v1/code/repositories/shop/files", { files: FILES });
    expect(upload.status, upload.text).toBe(200);
  });
  afterAll(() => svc?.close());

  const search = async (query: string): Promise<Json[]> => {
    const res = await svc.get(`/api/v1/code/symbols?${query}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(res.body.items.length);
    return res.body.items;
  };

  it("finds a symbol by its exact name first, then names that start with it, then near names", async () => {
    const items = await search("q=getUser");
    expect(items.map((s) => [s.name, s.match])).toEqual([
      ["getUser", "exact"],
      ["getUserName", "prefix"],
      ["getUsr", "fuzzy"],
    ]);
    expect(items[0]).toEqual({
      id: "shop:src/users.ts#getUser",
      repo: "shop",
      path: "src/users.ts",
      name: "getUser",
      kind: "function",
      line: 9,
      signature: expect.stringContaining("getUser(id: string)"),
      match: "exact",
    });
  });

  it("matches names whatever their case, finds typos and letters in order, and filters by kind and repository", async () => {
    expect((await search("q=userstore")).map((s) => [s.name, s.match])).toEqual([["UserStore", "exact"]]);
    expect((await search("q=getUsr")).map((s) => [s.name, s.match])).toEqual([
      ["getUsr", "exact"],
      ["getUser", "fuzzy"], // one typo
      ["getUserName", "fuzzy"], // its letters in order, further
    ]);
    expect((await search("q=usrstr")).map((s) => [s.name, s.match])).toEqual([["UserStore", "fuzzy"]]);
    expect((await search("q=find&kind=method")).map((s) => s.id)).toEqual([
      "shop:src/users.ts#UserStore.find",
    ]);
    expect(await search("q=find&kind=class")).toEqual([]);
    expect(await search("q=getUser&limit=1")).toHaveLength(1);
    const unknown = await svc.get("/api/v1/code/symbols?q=getUser&repo=nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("REPOSITORY_NOT_FOUND");
    const noQuery = await svc.get("/api/v1/code/symbols");
    expect(noQuery.status).toBe(400);
    expect(noQuery.body.error).toContain("q");
    expect((await svc.get("/api/v1/code/symbols?q=x&kind=module")).status).toBe(400);
  });

  it("gives a symbol's callers and callees with the confidence of each reference", async () => {
    const res = await svc.get(symbolPath("shop:src/users.ts#getUser"));
    expect(res.status, res.text).toBe(200);
    const callers = res.body.callers.map((c: Json) => [c.id, c.confidence]);
    // Through an import 1.0, in the same file 0.9 (SPEC §4), surest first.
    expect(callers).toEqual([
      ["shop:src/app.ts#handle", 1],
      ["shop:src/users.test.ts#checkUser", 1],
      ["shop:src/users.ts#getUserName", 0.9],
    ]);
    expect(res.body.callers_total).toBe(3);
    expect(res.body.callees.map((c: Json) => c.id)).toEqual(["shop:src/users.ts#UserStore"]);
    expect(res.body.container).toEqual({
      type: "file",
      id: "shop:src/users.ts",
      name: "src/users.ts",
      path: "src/users.ts",
    });
    const limited = await svc.get(`${symbolPath("shop:src/users.ts#getUser")}?limit=1`);
    expect(limited.body.callers).toHaveLength(1);
    expect(limited.body.callers_total).toBe(3);
  });

  it("gives a class's members and a member's container", async () => {
    const store = (await svc.get(symbolPath("shop:src/users.ts#UserStore"))).body;
    expect(store.members.map((m: Json) => m.name)).toEqual(["find", "save"]);
    const find = (await svc.get(symbolPath("shop:src/users.ts#UserStore.find"))).body;
    expect(find.container).toMatchObject({
      type: "symbol",
      id: "shop:src/users.ts#UserStore",
      name: "UserStore",
    });
    expect(find.callers.map((c: Json) => [c.id, c.confidence])).toEqual([
      ["shop:src/users.ts#UserStore.save", 0.9],
    ]);
  });

  it("answers the same for an id given in the query, however long", async () => {
    const id = "shop:src/users.ts#UserStore.find";
    const byPath = await svc.get(symbolPath(id));
    const byQuery = await svc.get(`/api/v1/code/symbols/by-id?id=${encodeURIComponent(id)}`);
    expect(byQuery.status, byQuery.text).toBe(200);
    expect(byQuery.body).toEqual(byPath.body);
    const deep = `src/${"nested/".repeat(20)}deep.ts`;
    const upload = await svc.request("PUT", "/api/v1/code/repositories/deep/files", {
      files: [{ path: deep, content: "export function deepest(): number {\n  return 1;\n}\n" }],
    });
    expect(upload.status).toBe(200);
    const longId = `deep:${deep}#deepest`;
    expect(longId.length).toBeGreaterThan(100);
    const long = await svc.get(`/api/v1/code/symbols/by-id?id=${encodeURIComponent(longId)}`);
    expect(long.status, long.text).toBe(200);
    expect(long.body).toMatchObject({ id: longId, name: "deepest", line: 1, end_line: 3 });
  });

  it("refuses an unknown symbol with 404 naming it", async () => {
    for (const id of ["shop:src/users.ts#nothing", "nope:src/a.ts#x", "no-colon"]) {
      const res = await svc.get(symbolPath(id));
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe("SYMBOL_NOT_FOUND");
      expect(res.body.error).toContain(id);
    }
  });

  it("gives a file's symbols, imports, importers, tests and tested-by", async () => {
    const users = await svc.get("/api/v1/code/files?repo=shop&path=src/users.ts");
    expect(users.status, users.text).toBe(200);
    expect(users.body.file).toMatchObject({
      repo: "shop",
      path: "src/users.ts",
      language: "typescript",
      lines: 17,
    });
    expect(users.body.symbols.map((s: Json) => s.name)).toEqual([
      "UserStore",
      "find",
      "save",
      "getUser",
      "getUserName",
      "getUsr",
    ]);
    expect(users.body.imports).toEqual([]);
    expect(users.body.imported_by.map((f: Json) => f.path)).toEqual(["src/app.ts", "src/users.test.ts"]);
    expect(users.body.tested_by.map((f: Json) => f.path)).toEqual(["src/users.test.ts"]);
    expect(users.body.totals).toEqual({ symbols: 6, imports: 0, imported_by: 2, tests: 0, tested_by: 1 });
    const cut = (await svc.get("/api/v1/code/files?repo=shop&path=src/users.ts&limit=1")).body;
    expect(cut.symbols.map((s: Json) => s.name)).toEqual(["UserStore"]);
    expect(cut.imported_by).toHaveLength(1);
    expect(cut.totals).toEqual(users.body.totals);
    const test = (await svc.get("/api/v1/code/files?path=src/users.test.ts")).body;
    expect(test.imports.map((f: Json) => f.path)).toEqual(["src/users.ts"]);
    expect(test.tests.map((f: Json) => f.path)).toEqual(["src/users.ts"]);
    const missing = await svc.get("/api/v1/code/files?repo=shop&path=src/none.ts");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("CODE_FILE_NOT_FOUND");
  });

  it("asks for the repository when several hold the same path", async () => {
    const other = await svc.request("PUT", "/api/v1/code/repositories/other/files", {
      files: [{ path: "README.md", content: "# other\n" }],
    });
    expect(other.status).toBe(200);
    const res = await svc.get("/api/v1/code/files?path=README.md");
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({ field: "repo" });
    expect(res.body.error).toContain("other");
    expect((await svc.get("/api/v1/code/files?path=README.md&repo=other")).body.file.repo).toBe("other");
  });

  it("counts a repository's files, lines, symbols, languages and edges by type", async () => {
    const res = await svc.get("/api/v1/code/repositories/shop/stats");
    expect(res.status, res.text).toBe(200);
    const listed = (await svc.get("/api/v1/code/repositories/shop")).body;
    expect(res.body).toMatchObject({ repo: "shop", files: listed.files, symbols: listed.symbols });
    expect(res.body.files).toBe(4);
    expect(res.body.languages).toEqual([
      { language: "typescript", files: 3, lines: 25 },
      { language: "text", files: 1, lines: 1 },
    ]);
    expect(res.body.symbol_kinds).toEqual({ class: 1, method: 2, function: 5 });
    expect(res.body.edges.IMPORTS).toBe(2);
    expect(res.body.edges.TESTS).toBe(1);
    expect(res.body.edges.CONTAINS).toBe(8);
    expect(res.body.edges.REFERENCES).toBeGreaterThanOrEqual(5);
    expect((await svc.get("/api/v1/code/repositories/nope/stats")).status).toBe(404);
  });

  it("answers from the graph as it is after a later upload", async () => {
    const changed = await svc.request("PUT", "/api/v1/code/repositories/shop/files", {
      files: [
        {
          path: "src/app.ts",
          content:
            'import { getUserName } from "./users.js";\nexport function handle(id: string): string {\n  return getUserName(id);\n}\n',
        },
      ],
    });
    expect(changed.status).toBe(200);
    const getUser = (await svc.get(symbolPath("shop:src/users.ts#getUser"))).body;
    expect(getUser.callers.map((c: Json) => c.id)).not.toContain("shop:src/app.ts#handle");
    const getUserName = (await svc.get(symbolPath("shop:src/users.ts#getUserName"))).body;
    expect(getUserName.callers.map((c: Json) => c.id)).toContain("shop:src/app.ts#handle");
  });
});
