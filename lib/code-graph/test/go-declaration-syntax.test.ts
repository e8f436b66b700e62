// The shared Go declaration reader (syntax/go-declaration-syntax.ts): `const`/`var` and `type`
// specs, a method's receiver; and what the code graph makes of a spec the parser recovered from a
// neighbouring syntax error (the manifest read such specs already).
import { describe, expect, it } from "vitest";
import {
  extractFacts,
  type Node,
  readGoReceiver,
  readGoTypeSpecs,
  readGoValueSpecs,
  withTree,
} from "../index.js";

function readTop<T>(source: string, read: (node: Node) => T | undefined): Promise<T[]> {
  return withTree(source, "go", (tree) =>
    tree.rootNode.namedChildren.flatMap((n) => {
      const r = n ? read(n) : undefined;
      return r === undefined ? [] : [r];
    }),
  );
}

describe("readGoValueSpecs", () => {
  it("reads each spec's names, type and values, in `var ( … )` lists and through syntax errors", async () => {
    const source =
      "package p\nvar a, b int = 1, 2\nvar (\n x = f()\n y string\n)\nconst (\n A = 1\n B = 2 }\n C = 3\n)\n";
    const read = await readTop(source, (n) =>
      n.type.endsWith("_declaration")
        ? readGoValueSpecs(n).map((s) => ({
            names: s.names.map((x) => x.text),
            type: s.type?.text,
            values: s.values.map((v) => v.text),
          }))
        : undefined,
    );
    expect(read).toEqual([
      [{ names: ["a", "b"], type: "int", values: ["1", "2"] }],
      [
        { names: ["x"], type: undefined, values: ["f()"] },
        { names: ["y"], type: "string", values: [] },
      ],
      [
        { names: ["A"], type: undefined, values: ["1"] },
        { names: ["B"], type: undefined, values: ["2"] },
        { names: ["C"], type: undefined, values: ["3"] },
      ],
    ]);
  });
});

describe("readGoTypeSpecs", () => {
  it("reads named types and aliases with the type each declares", async () => {
    const source = "package p\ntype (\n A = struct{ X int }\n B[T any] interface{ M() T }\n)\ntype C int\n";
    const read = await readTop(source, (n) =>
      n.type === "type_declaration"
        ? readGoTypeSpecs(n).map((s) => [s.name.text, s.alias, s.type?.type])
        : undefined,
    );
    expect(read).toEqual([
      [
        ["A", true, "struct_type"],
        ["B", false, "interface_type"],
      ],
      [["C", false, "type_identifier"]],
    ]);
  });
});

function receiverOf(method: Node) {
  const r = readGoReceiver(method);
  return r ? { name: r.name, typeName: r.typeName, pointer: r.pointer } : null;
}

describe("readGoReceiver", () => {
  it("names the receiver's type through pointers, parentheses and type parameters", async () => {
    const source =
      "package p\nfunc (s *Srv) A() {}\nfunc (s (*Srv)) B() {}\nfunc (List[T]) C() {}\nfunc (l *List[T]) D() {}\nfunc F() {}\n";
    const read = await readTop(source, (n) => (n.type.endsWith("declaration") ? receiverOf(n) : undefined));
    expect(read).toEqual([
      { name: "s", typeName: "Srv", pointer: true },
      { name: "s", typeName: "Srv", pointer: true },
      { name: undefined, typeName: "List", pointer: false },
      { name: "l", typeName: "List", pointer: true },
      null,
    ]);
  });
});

describe("the code graph of Go declarations", () => {
  it("keeps a constant the parser recovered from a syntax error beside it", async () => {
    const facts = await extractFacts("package p\n\nconst (\n\tA = 1\n\tB = 2 }\n\tC = 3\n)\n", "go");
    expect(facts.symbols.map((s) => [s.name, s.line])).toEqual([
      ["A", 4],
      ["B", 5],
      ["C", 6],
    ]);
  });
});
