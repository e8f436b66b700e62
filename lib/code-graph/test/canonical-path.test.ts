// One spelling per file: what the index, the stored text and the journal key by (issue 25 point 4).
import { describe, expect, it } from "vitest";
import { pathProblem } from "../canonical-path.js";

describe("pathProblem", () => {
  it.each([
    "a.ts",
    "src/deep/file.test.ts",
    ".github/workflows/ci.yml",
    "...hidden/x.ts".slice(3),
    "a..b.ts",
    "ünï/cödé.py",
  ])("accepts the canonical path %j", (path) => {
    expect(pathProblem(path)).toBeNull();
  });

  it.each([
    ["", /empty/],
    [".", /'\.' segment/],
    ["./lost.ts", /'\.' segment/],
    ["a/./b.ts", /'\.' segment/],
    ["a/../b.ts", /'\.\.' segment/],
    ["a//b.ts", /empty segment/],
    ["a/b/", /trailing/],
    ["/etc/passwd", /relative/],
    ["C:/x.ts", /relative/],
    ["src\\x.ts", /separator/],
    ["\u2024\u2024/x.ts", /segment/],
    ["\uFF0E\uFF0E/x.ts", /segment/],
    ["a\u0000.ts", /invisible/],
    ["a\u202Eb.ts", /invisible/],
    ["cafe\u0301.ts", /NFC/],
  ])("refuses %j, naming the rule", (path, rule) => {
    expect(pathProblem(path)).toMatch(rule);
  });
});
