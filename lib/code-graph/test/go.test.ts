import { beforeAll, describe, expect, it } from "vitest";
import { extractFacts } from "../index.js";
import { type FixtureGraph, indexFixture } from "./helpers/fixture-graph.js";

describe("code graph of a Go module (fixtures/go)", () => {
  let g: FixtureGraph;
  beforeAll(async () => {
    g = await indexFixture("go");
  });

  it("extracts functions, methods, struct and interface types, aliases and package-level values", () => {
    expect(g.symbol("internal/store/memory.go", "NewMemory")).toMatchObject({
      kind: "function",
      line: 7,
      end_line: 9,
      signature: "func NewMemory() *Memory",
      exported: true,
    });
    expect(g.symbol("internal/store/memory.go", "Memory")).toMatchObject({
      kind: "class",
      line: 3,
      end_line: 5,
    });
    expect(g.symbol("internal/store/store.go", "Store")).toMatchObject({
      kind: "interface",
      line: 4,
      end_line: 6,
    });
    expect(g.symbol("internal/store/store.go", "Store.Get")).toMatchObject({
      kind: "method",
      signature: "Get(id string) (*User, error)",
    });
    expect(g.symbol("internal/store/store.go", "UserID").kind).toBe("type");
    expect(g.symbol("internal/store/store.go", "ErrNotFound")).toMatchObject({
      kind: "variable",
      exported: true,
    });
  });

  it("extracts every name of a grouped var ( … ) block, like const ( … ) and a single var", async () => {
    const source =
      "package main\n\nvar single = 1\n\nvar (\n\tGrouped = 2\n\tother, more = 3, 4\n)\n\nconst (\n\tA = 1\n)\n";
    const facts = await extractFacts(source, "go");
    const values = facts.symbols
      .filter((s) => s.kind === "variable")
      .map((s) => [s.name, s.line, s.exported]);
    expect(values).toEqual([
      ["single", 3, false],
      ["Grouped", 6, true],
      ["other", 7, false],
      ["more", 7, false],
      ["A", 11, true],
    ]);
  });

  it("takes the package name after a comment in the clause, not the comment", async () => {
    const facts = await extractFacts("package /* c */ shop\n\nfunc F() {}\n", "go");
    expect(facts.packageName).toBe("shop");
  });

  it("uses Go's rule for exported names", () => {
    expect(g.symbol("internal/store/memory.go", "Memory.put").exported).toBe(false);
    expect(g.symbol("cmd/server/serve.go", "serve").exported).toBe(false);
  });

  it("attaches a method to its receiver type even when the type is declared in another file of the package", () => {
    const close = g.symbol("internal/store/store.go", "Memory.Close");
    expect(close.parent).toBe(g.symbolId("internal/store/memory.go", "Memory"));
    expect(g.edges("CONTAINS", g.symbolId("internal/store/memory.go", "Memory")).map((e) => e.to)).toEqual(
      expect.arrayContaining([close.id, g.symbolId("internal/store/memory.go", "Memory.Get")]),
    );
  });

  it("resolves module imports through go.mod, keeping the package files whose names are used", () => {
    expect(g.importsOf("cmd/server/main.go")).toEqual(["internal/store/memory.go", "pkg/textutil/title.go"]);
    expect(g.importsOf("cmd/server/serve.go")).toEqual(["internal/store/store.go"]);
  });

  it("resolves package-qualified names through the import (aliased or not) and same-package names at 1.0", () => {
    const main = g.referencesFrom("cmd/server/main.go", "main");
    expect(main["internal/store/memory.go#NewMemory"]).toBe(1); // st.NewMemory()
    expect(main["pkg/textutil/title.go#Title"]).toBe(1);
    expect(main["cmd/server/serve.go#serve"]).toBe(1); // another file of package main
    expect(g.referencesFrom("cmd/server/serve.go", "serve")["internal/store/store.go#User"]).toBe(1);
    expect(
      g.referencesFrom("internal/store/memory.go", "Memory.Get")["internal/store/store.go#ErrNotFound"],
    ).toBe(1);
  });

  it("splits a method name shared by two types between both", () => {
    const main = g.referencesFrom("cmd/server/main.go", "main");
    expect(main["internal/store/memory.go#Memory.Get"]).toBe(0.3);
    expect(main["internal/store/store.go#Store.Get"]).toBe(0.3);
  });

  it("links an in-package test file to the files it exercises", () => {
    expect(g.testedBy("internal/store/memory_test.go")).toEqual([
      "internal/store/memory.go",
      "internal/store/store.go",
    ]);
  });
});
