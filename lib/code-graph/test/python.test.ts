import { beforeAll, describe, expect, it } from "vitest";
import { type FixtureGraph, indexFixture } from "./helpers/fixture-graph.js";

describe("code graph of a Python project (fixtures/python)", () => {
  let g: FixtureGraph;
  beforeAll(async () => {
    g = await indexFixture("python");
  });

  it("extracts classes, methods, functions and module constants with line ranges and signatures", () => {
    expect(g.symbol("app/models.py", "User")).toMatchObject({ kind: "class", line: 18, end_line: 24 });
    expect(g.symbol("app/models.py", "User.promote")).toMatchObject({
      kind: "method",
      line: 23,
      end_line: 24,
      signature: 'def promote(self) -> "User"',
      parent: "python:app/models.py#User",
    });
    expect(g.symbol("app/models.py", "make_user")).toMatchObject({
      kind: "function",
      signature: "def make_user(name: str) -> User",
    });
    expect(g.symbol("app/models.py", "MAX_USERS")).toMatchObject({
      kind: "variable",
      exported: true,
      line: 5,
    });
  });

  it("includes decorators in a definition's range and types Enum and Protocol classes", () => {
    // @dataclass sits on line 18, the class statement on 19.
    expect(g.symbol("app/models.py", "User")).toMatchObject({ line: 18, signature: "class User" });
    expect(g.symbol("app/models.py", "Role").kind).toBe("enum");
    expect(g.symbol("app/models.py", "Notifier").kind).toBe("interface");
  });

  it("treats underscore names as private", () => {
    expect(g.symbol("app/models.py", "_cache").exported).toBe(false);
  });

  it("resolves relative imports, `from . import module`, dotted aliases, and packages under src/", () => {
    expect(g.importsOf("app/services/accounts.py")).toEqual([
      "app/models.py",
      "app/services/__init__.py",
      "app/services/mailer.py",
      "app/util.py",
      "src/billing/invoice.py",
    ]);
    expect(g.importsOf("app/services/mailer.py")).toEqual(["app/__init__.py"]);
    // A script imports a module beside it (its folder is on sys.path).
    expect(g.importsOf("scripts/report.py")).toEqual(["scripts/helpers.py"]);
  });

  it("resolves references through imports, re-exports in __init__.py and module aliases at 1.0", () => {
    const open = g.referencesFrom("app/services/accounts.py", "AccountService.open");
    expect(open["app/models.py#make_user"]).toBe(1);
    expect(open["app/util.py#log"]).toBe(1); // util.log() through `import app.util as util`
    expect(open["app/services/mailer.py#send_welcome"]).toBe(1); // mailer.send_welcome() through `from . import mailer`
    expect(g.referencesFrom("app/services/mailer.py", "send_welcome")["app/models.py#User"]).toBe(1);
    expect(
      g.referencesFrom("app/services/accounts.py", "AccountService.bill")["src/billing/invoice.py#Invoice"],
    ).toBe(1);
  });

  it("resolves self. calls and module names of the same file at 0.9", () => {
    expect(g.referencesFrom("app/services/accounts.py", "AccountService.open")).toMatchObject({
      "app/services/accounts.py#AccountService.audit": 0.9,
    });
    expect(g.referencesFrom("app/models.py", "make_user")).toMatchObject({
      "app/models.py#User": 0.9,
      "app/models.py#_cache": 0.9,
      "app/models.py#MAX_USERS": 0.9,
    });
  });

  it("links an unimported function to its unique definition elsewhere at 0.6", () => {
    expect(g.referencesFrom("scripts/report.py", "main")["scripts/admin.py#promote_all"]).toBe(0.6);
  });

  it("links the test module to the module it exercises", () => {
    expect(g.testedBy("tests/test_accounts.py")).toEqual(["app/services/accounts.py"]);
  });
});
