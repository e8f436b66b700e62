import { beforeAll, describe, expect, it } from "vitest";
import { type FixtureGraph, indexFixture } from "./helpers/fixture-graph.js";

describe("code graph of a TypeScript/TSX/JavaScript project (fixtures/ts)", () => {
  let g: FixtureGraph;
  beforeAll(async () => {
    g = await indexFixture("ts");
  });

  it("records every file with its language and line count, config files as text", () => {
    expect(g.file("src/ui/Badge.tsx")).toMatchObject({ language: "tsx", lines: 13 });
    expect(g.file("src/legacy.js")).toMatchObject({ language: "javascript", lines: 8 });
    expect(g.file("tsconfig.json")).toMatchObject({ language: "text" });
    expect(g.file("src/models/user.ts")?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("extracts classes, methods, interfaces, types, enums and exported variables with line ranges and signatures", () => {
    expect(g.symbol("src/models/user.ts", "User")).toMatchObject({
      kind: "interface",
      line: 1,
      end_line: 5,
      exported: true,
    });
    expect(g.symbol("src/models/user.ts", "UserRepository")).toMatchObject({
      kind: "class",
      line: 9,
      end_line: 19,
    });
    expect(g.symbol("src/models/user.ts", "UserRepository.find")).toMatchObject({
      kind: "method",
      line: 12,
      end_line: 14,
      signature: "find(id: string): User | undefined",
      parent: "ts:src/models/user.ts#UserRepository",
    });
    expect(g.symbol("src/models/user.ts", "DEFAULT_ROLE")).toMatchObject({
      kind: "variable",
      exported: true,
    });
    expect(g.symbol("packages/money/src/currency.ts", "Currency")).toMatchObject({ kind: "type", line: 1 });
    expect(g.symbol("packages/money/src/currency.ts", "Rounding")).toMatchObject({
      kind: "enum",
      line: 3,
      end_line: 6,
    });
    expect(g.symbol("src/util/audit.ts", "recent")).toMatchObject({ kind: "function", exported: true });
    expect(g.symbol("src/ui/Badge.tsx", "Panel")).toMatchObject({ kind: "function", line: 7, end_line: 13 });
  });

  it("marks what a module exports and what it keeps private", () => {
    expect(g.symbol("packages/money/src/format.ts", "round").exported).toBe(false);
    expect(g.symbol("src/services/user-service.ts", "UserService.notify").exported).toBe(false);
    expect(g.symbol("src/services/user-service.ts", "UserService.register").exported).toBe(true);
    expect(g.symbol("src/legacy.js", "legacyImport").exported).toBe(true);
    // Module-level variables that are not exported are not symbols.
    expect(g.symbolsIn("src/util/audit.ts").map((s) => s.name)).not.toContain("events");
  });

  it("resolves relative imports, `.js` written for `.ts`, tsconfig paths, workspace packages and require()", () => {
    expect(g.importsOf("src/services/user-service.ts")).toEqual([
      "packages/money/src/index.ts",
      "src/models/user.ts",
      "src/util/audit.ts",
    ]);
    expect(g.importsOf("src/ui/Badge.tsx")).toEqual(["src/models/user.ts"]);
    expect(g.importsOf("src/legacy.js")).toEqual(["src/util/audit.ts"]);
    expect(g.importsOf("packages/money/src/index.ts")).toEqual([
      "packages/money/src/currency.ts",
      "packages/money/src/format.ts",
    ]);
  });

  it("resolves references through imports (1.0), following re-exports of a barrel", () => {
    const refs = g.referencesFrom("src/services/user-service.ts", "UserService.notify");
    expect(refs["packages/money/src/format.ts#formatPrice"]).toBe(1);
    expect(refs["src/models/user.ts#User"]).toBe(1);
    const register = g.referencesFrom("src/services/user-service.ts", "UserService.register");
    expect(register["src/util/audit.ts#record"]).toBe(1); // audit.record() through `import * as audit`
    expect(register["src/models/user.ts#DEFAULT_ROLE"]).toBe(1);
    // `this.repo` has no type we know: `save` is matched by name, the only method so named (0.6).
    expect(register["src/models/user.ts#UserRepository.save"]).toBe(0.6);
  });

  it("resolves `this.` calls and names of the same file at 0.9", () => {
    const register = g.referencesFrom("src/services/user-service.ts", "UserService.register");
    expect(register["src/services/user-service.ts#UserService.notify"]).toBe(0.9);
    expect(
      g.referencesFrom("packages/money/src/format.ts", "formatPrice")["packages/money/src/format.ts#round"],
    ).toBe(0.9);
    expect(g.referencesFrom("src/ui/Badge.tsx", "Panel")["src/ui/Badge.tsx#Badge"]).toBe(0.9); // a JSX element
  });

  it("links an unimported name to its unique definition elsewhere at 0.6 and splits an ambiguous one", () => {
    const refs = g.referencesFrom("src/legacy.js", "legacyImport");
    expect(refs["src/text/capitalize.ts#capitalize"]).toBe(0.6);
    expect(refs["src/helpers.ts#slugify"]).toBe(0.3);
    expect(refs["src/other/helpers.ts#slugify"]).toBe(0.3);
    expect(refs["src/util/audit.ts#record"]).toBe(1); // destructured from require()
  });

  it("contains members in their class and top-level symbols in their file", () => {
    const contains = g.edges("CONTAINS");
    expect(contains).toContainEqual({
      type: "CONTAINS",
      from: g.symbolId("src/models/user.ts", "UserRepository"),
      to: g.symbolId("src/models/user.ts", "UserRepository.save"),
    });
    expect(contains).toContainEqual({
      type: "CONTAINS",
      from: g.fileId("src/models/user.ts"),
      to: g.symbolId("src/models/user.ts", "UserRepository"),
    });
  });

  it("links a test file to the code it exercises and not to other tests", () => {
    expect(g.testedBy("test/user-service.spec.ts")).toEqual(["src/services/user-service.ts"]);
    expect(g.edges("TESTS").every((e) => e.from === g.fileId("test/user-service.spec.ts"))).toBe(true);
  });
});
