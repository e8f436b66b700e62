import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileQuery, LANGUAGES, languageOf, parse, withTree } from "../index.js";

const SAMPLES = {
  typescript: "export function add(a: number, b: number): number { return a + b; }",
  tsx: "export const App = () => <div>{1}</div>;",
  javascript: "export function add(a, b) { return a + b; }",
  python: "def add(a, b):\n    return a + b\n",
  java: "class Calc { int add(int a, int b) { return a + b; } }",
  go: "package calc\n\nfunc Add(a, b int) int { return a + b }\n",
  kotlin: "fun add(a: Int, b: Int): Int = a + b\n",
  ruby: "def add(a, b)\n  a + b\nend\n",
  php: "<?php\nfunction add($a, $b) { return $a + $b; }\n",
  csharp: "class Calc { int Add(int a, int b) { return a + b; } }\n",
} as const;

describe("code-graph parser", () => {
  it("maps file names to languages and leaves other files unparsed", () => {
    expect(languageOf("src/a.ts")).toBe("typescript");
    expect(languageOf("src/A.TSX")).toBe("tsx");
    expect(languageOf("x/y.mjs")).toBe("javascript");
    expect(languageOf("pkg/mod.py")).toBe("python");
    expect(languageOf("Main.java")).toBe("java");
    expect(languageOf("main.go")).toBe("go");
    expect(languageOf("build.gradle.kts")).toBe("kotlin");
    expect(languageOf("config/routes.rb")).toBe("ruby");
    expect(languageOf("routes/api.php")).toBe("php");
    expect(languageOf("Controllers/TodoController.cs")).toBe("csharp");
    expect(languageOf("README.md")).toBeUndefined();
    expect(languageOf("dir.ts/Makefile")).toBeUndefined();
  });

  it.each(LANGUAGES)("parses %s into a tree without syntax errors", async (language) => {
    const tree = await parse(SAMPLES[language], language);
    try {
      expect(tree.rootNode.hasError).toBe(false);
      expect(tree.rootNode.text).toBe(SAMPLES[language]);
    } finally {
      tree.delete();
    }
  });

  it("marks a syntax error in the tree instead of throwing", async () => {
    const hasError = await withTree("def broken(:\n", "python", (tree) => tree.rootNode.hasError);
    expect(hasError).toBe(true);
  });

  it("runs a tree-sitter query and reports positions", async () => {
    const query = await compileQuery("go", "(function_declaration name: (identifier) @name)");
    const names = await withTree(SAMPLES.go, "go", (tree) =>
      query.captures(tree.rootNode).map((c) => [c.node.text, c.node.startPosition.row]),
    );
    expect(names).toEqual([["Add", 2]]);
  });

  it("refuses a malformed query pattern", async () => {
    await expect(compileQuery("python", "(function_definition name: @x")).rejects.toThrow();
  });
});

describe("code-graph parser outside node_modules (TREE_SITTER_WASM_DIR)", () => {
  const script = `import { parse } from ${JSON.stringify(new URL("../index.ts", import.meta.url).href)};
const tree = await parse("def f():\\n    return 1\\n", "python");
console.log(tree.rootNode.namedChildren[0].type);`;
  const run = (dir: string) =>
    spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      env: { ...process.env, TREE_SITTER_WASM_DIR: dir },
      encoding: "utf8",
    });

  it("loads the runtime and grammars from the folder the variable names", () => {
    const dir = mkdtempSync(join(tmpdir(), "code-graph-wasm-"));
    try {
      const require = createRequire(import.meta.url);
      for (const file of [
        "web-tree-sitter/web-tree-sitter.wasm",
        "tree-sitter-python/tree-sitter-python.wasm",
      ]) {
        copyFileSync(require.resolve(file), join(dir, file.split("/")[1]!));
      }
      const result = run(dir);
      expect(result.stderr).toBe("");
      expect(result.stdout.trim()).toBe("function_definition");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names the missing file when the folder lacks a grammar", () => {
    const dir = mkdtempSync(join(tmpdir(), "code-graph-wasm-"));
    try {
      const result = run(dir);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`TREE_SITTER_WASM_DIR=${dir} has no web-tree-sitter.wasm`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
