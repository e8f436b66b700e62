// The shared Kotlin import reader (syntax/kotlin-import-syntax.ts) against Kotlin's own rules:
// `import a.b.C as D` names `a.b.C` `D` in the file; `import a.b.*` binds no name of its own.
import { describe, expect, it } from "vitest";
import { readKotlinImport, withTree } from "../index.js";

async function importsOf(source: string) {
  return withTree(source, "kotlin", (tree) =>
    tree.rootNode.namedChildren.filter((n) => n?.type === "import").map((n) => readKotlinImport(n!)),
  );
}

describe("readKotlinImport", () => {
  it("binds the alias, the last segment without one, and nothing for a wildcard", async () => {
    const read = await importsOf("package p\nimport x.y.Z as W\nimport a.b.C\nimport r.s.*\nimport Top\n");
    expect(read).toEqual([
      { name: "x.y.Z", wildcard: false, local: "W" },
      { name: "a.b.C", wildcard: false, local: "C" },
      { name: "r.s", wildcard: true, local: undefined },
      { name: "Top", wildcard: false, local: "Top" },
    ]);
  });

  it("is not misled by comments inside the header", async () => {
    const read = await importsOf("import /* c */ m.n.O as /* d */ P\nimport r.s. /* x */ *\n");
    expect(read).toEqual([
      { name: "m.n.O", wildcard: false, local: "P" },
      { name: "r.s", wildcard: true, local: undefined },
    ]);
  });
});
