// The shared readers of declarations (syntax/): what each returns on real trees, independent of
// what the code graph or the manifest then make of it.
import { describe, expect, it } from "vitest";
import {
  type LanguageId,
  type Node,
  readClassMember,
  readJavaMembers,
  readPythonAssignment,
  readTsTypeDeclaration,
  withTree,
} from "../index.js";

/** Runs `read` on the root's named statements of `source`; the result must not hold nodes. */
function readRoot<T>(source: string, language: LanguageId, read: (statements: Node[]) => T): Promise<T> {
  return withTree(source, language, (tree) =>
    read(tree.rootNode.namedChildren.filter((n): n is Node => n !== null)),
  );
}

describe("readTsTypeDeclaration", () => {
  it("reads an interface's name, extends list and members with their types and '?'", async () => {
    const source =
      "interface User extends Base, Named<string> { id: number; 'e-mail'?: string; greet(): void }";
    const read = await readRoot(source, "typescript", ([statement]) => {
      const d = readTsTypeDeclaration(statement!);
      const members = (d?.body?.namedChildren ?? []).map((m) => readClassMember(m!));
      return {
        kind: d?.kind,
        name: d?.name?.text,
        heritage: d?.heritage.map((h) => h.text),
        members: members.map((m) => [m.kind, m.name?.text, m.type?.text ?? null, m.optional]),
      };
    });
    expect(read).toEqual({
      kind: "interface",
      name: "User",
      heritage: ["Base", "Named<string>"],
      members: [
        ["field", "id", ": number", false],
        ["field", "'e-mail'", ": string", true],
        ["method-signature", "greet", null, false],
      ],
    });
  });

  it("reads a type alias's value as its body and an enum's body; other statements are not type declarations", async () => {
    const source = 'type Role = "admin" | "user";\nenum Level { Low, High = 5 }\nconst x = 1;';
    const read = await readRoot(source, "typescript", (statements) =>
      statements.map((s) => {
        const d = readTsTypeDeclaration(s);
        return d ? [d.kind, d.name?.text, d.body?.type, d.heritage.length] : s.type;
      }),
    );
    expect(read).toEqual([
      ["type", "Role", "union_type", 0],
      ["enum", "Level", "enum_body", 0],
      "lexical_declaration",
    ]);
  });
});

describe("readPythonAssignment", () => {
  it("reads a chain's first target and right-hand side as written, every target and the value", async () => {
    const read = await readRoot("a = b.c = make()\n", "python", ([statement]) => {
      const a = readPythonAssignment(statement!.namedChildren[0]!);
      return {
        target: a?.target?.text,
        right: a?.right?.type,
        targets: a?.targets.map((t) => t.text),
        value: a?.value?.text,
        type: a?.type ?? null,
      };
    });
    expect(read).toEqual({
      target: "a",
      right: "assignment",
      targets: ["a", "b.c"],
      value: "make()",
      type: null,
    });
  });

  it("reads an annotation, a bare annotation without a value, and refuses what is not an assignment", async () => {
    const read = await readRoot('PREFIX: str = "/api"\nlimit: int\nx += 1\n', "python", (statements) =>
      statements.map((s) => {
        const a = readPythonAssignment(s.namedChildren[0]!);
        return a
          ? [a.targets.map((t) => t.text), a.type?.text, a.value?.text ?? null]
          : s.namedChildren[0]!.type;
      }),
    );
    expect(read).toEqual([[["PREFIX"], "str", '"/api"'], [["limit"], "int", null], "augmented_assignment"]);
  });
});

describe("readJavaMembers", () => {
  it("reads an enum's constants, then the members after them in place, in order", async () => {
    const source = `enum Color {
      RED, GREEN("g");
      public static final int N = 3, M;
      private final String code;
      Color() { this("x"); }
      String code() { return code; }
      static class Inner {}
    }`;
    const read = await readRoot(source, "java", ([type]) =>
      readJavaMembers(type!.childForFieldName("body")).map((m) => [
        m.kind,
        m.name?.text ?? null,
        m.declarators.map((d) => [d.name?.text, d.value?.text ?? null]),
      ]),
    );
    expect(read).toEqual([
      ["enum-constant", "RED", []],
      ["enum-constant", "GREEN", []],
      [
        "field",
        null,
        [
          ["N", "3"],
          ["M", null],
        ],
      ],
      ["field", null, [["code", null]]],
      ["constructor", "Color", []],
      ["method", "code", []],
      ["type", "Inner", []],
    ]);
  });

  it("tells constants, @interface elements and compact constructors apart", async () => {
    const source = `@interface Route { String value() default ""; String BASE = "/api"; }
record Point(int x) { Point { } }`;
    const read = await readRoot(source, "java", (types) =>
      types.flatMap((t) => readJavaMembers(t.childForFieldName("body")).map((m) => m.kind)),
    );
    expect(read).toEqual(["annotation-element", "constant", "constructor"]);
  });
});
