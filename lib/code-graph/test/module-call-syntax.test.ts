// The shared `require()`/`import()` reader (syntax/js-module-call-syntax.ts), and what the code
// graph's imports make of it: a comment before the name (webpack's magic comments) and escapes
// in the name no longer hide or split the module.
import { describe, expect, it } from "vitest";
import { extractFacts, type Node, readModuleCall, withTree } from "../index.js";

function callsOf(source: string) {
  return withTree(source, "javascript", (tree) =>
    tree.rootNode.descendantsOfType("call_expression").map((call) => {
      const read = readModuleCall(call as Node);
      return read && { kind: read.kind, specifier: read.specifier, line: read.literal.startPosition.row + 1 };
    }),
  );
}

describe("readModuleCall", () => {
  it("reads require() and import() by their first string argument, comments skipped, escapes resolved", async () => {
    const source = [
      'const a = require("./a");',
      'import(/* webpackChunkName: "b" */ "./b");',
      'require("./c\\u0064");',
      'require("");',
    ].join("\n");
    expect(await callsOf(source)).toEqual([
      { kind: "require", specifier: "./a", line: 1 },
      { kind: "import", specifier: "./b", line: 2 },
      { kind: "require", specifier: "./cd", line: 3 },
      { kind: "require", specifier: "", line: 4 },
    ]);
  });

  it("reads nothing from other calls or from a name that is not a string literal", async () => {
    const source = "load('./a'); require(name); import(`./b`); obj.require('./c');";
    expect(await callsOf(source)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe("the code graph's imports from require() and import()", () => {
  it("imports a module whose name follows a comment, once per call, with escapes resolved", async () => {
    const source = [
      'const lazy = () => import(/* webpackChunkName: "users" */ "./users");',
      'const { b } = require("./lib\\u002Fb");',
      'require("");',
    ].join("\n");
    const facts = await extractFacts(source, "javascript");
    expect(facts.imports).toEqual([
      { specifier: "./users", bindings: [], line: 1 },
      { specifier: "./lib/b", bindings: [{ local: "b", imported: "b" }], line: 2 },
    ]);
  });
});
