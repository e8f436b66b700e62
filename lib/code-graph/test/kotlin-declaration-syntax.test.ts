// The shared Kotlin declaration reader (syntax/kotlin-declaration-syntax.ts): what each
// declaration declares (kind, name, modifiers, body), which the code graph makes symbols of and
// the manifest reads classes, objects and handler functions from.
import { describe, expect, it } from "vitest";
import { readKotlinDeclaration, withTree } from "../index.js";

function readAll(source: string) {
  return withTree(source, "kotlin", (tree) =>
    tree.rootNode.namedChildren.map((n) => {
      const d = n && readKotlinDeclaration(n);
      return d && { kind: d.kind, name: d.name?.text, modifiers: d.modifiers?.text, body: d.body?.type };
    }),
  );
}

describe("readKotlinDeclaration", () => {
  it("tells classes, interfaces, enums, annotation classes and objects apart by keyword and modifier", async () => {
    const source = [
      "package p",
      "data class A(val x: Int) {\n    fun f() = 1\n}",
      "interface I",
      "enum class E { X, Y }",
      "annotation class Marker",
      "object O {\n    const val K = 1\n}",
    ].join("\n\n");
    expect(await readAll(source)).toEqual([
      undefined,
      { kind: "class", name: "A", modifiers: "data", body: "class_body" },
      { kind: "interface", name: "I", modifiers: undefined, body: undefined },
      { kind: "enum", name: "E", modifiers: "enum", body: "enum_class_body" },
      { kind: "annotation", name: "Marker", modifiers: "annotation", body: undefined },
      { kind: "object", name: "O", modifiers: undefined, body: "class_body" },
    ]);
  });

  it("names functions (extension functions too), properties and type aliases", async () => {
    const source = [
      "private fun String.shout(): String = uppercase()",
      "internal val limit: Int = 10",
      "typealias Ids = List<Long>",
      "println()",
    ].join("\n");
    expect(await readAll(source)).toEqual([
      { kind: "function", name: "shout", modifiers: "private", body: "function_body" },
      { kind: "property", name: "limit", modifiers: "internal", body: undefined },
      { kind: "typeAlias", name: "Ids", modifiers: undefined, body: undefined },
      undefined,
    ]);
  });

  it("reads a companion object with or without a name", async () => {
    const read = await withTree(
      "package p\n\nclass A {\n    companion object {\n        const val X = 1\n    }\n}\n\nclass B {\n    companion object Factory\n}\n",
      "kotlin",
      (tree) =>
        tree.rootNode.descendantsOfType("companion_object").map((n) => {
          const d = n && readKotlinDeclaration(n);
          return d && [d.kind, d.name?.text, d.body?.type];
        }),
    );
    expect(read).toEqual([
      ["companion", undefined, "class_body"],
      ["companion", "Factory", undefined],
    ]);
  });
});
