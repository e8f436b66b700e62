// The piece-by-piece token counts agent context fits its answers with (token-count.ts,
// answer-tokens.ts) are gpt-tokenizer's own o200k_base counts, on real text and on the characters
// where the pre-tokenizer's cuts are delicate (spaces, marks, digits, contractions, quotes).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { answerTokens } from "../../src/domain/context/answer-tokens.js";
import { countPieces } from "../../src/domain/context/token-count.js";
import type { AgentContextAnswer } from "../../src/schemas/agent-context.js";

const SOURCES = join(import.meta.dirname, "../../src/domain/context");

/** Short strings of the characters around which the pre-tokenizer's pieces start and end. */
const TRICKY = [
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  "a",
  "Z",
  "é",
  "e\u0301",
  "\u0301",
  "'",
  "'s",
  "'LL",
  "1",
  "1234",
  '"',
  "}",
  "{",
  "/",
  ",",
  ".",
  "…",
  "😀",
  "👩‍💻",
  "中文",
  "\u2028",
  "ß",
  "Ǆ",
  "ǅ",
  "_",
  "$",
  "<",
  "|",
];

/** Deterministic pseudo-random strings over TRICKY (a fixed linear congruential sequence). */
function trickyStrings(count: number): string[] {
  let seed = 12_345;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + next(12) }, () => TRICKY[next(TRICKY.length)]).join(""),
  );
}

function file(snippet: string, path = "src/a.ts"): AgentContextAnswer["files"][number] {
  return {
    repo: "shop",
    path,
    score: 0.5,
    signals: { mention: 0, link: 0, component: 0, graph: 0, lexical: 1, semantic: 0.25, tests: 0 },
    reasons: ["shares words with the issue (BM25 1 of the best match)"],
    symbols: [{ name: "taxFor", kind: "function", line: 2, signature: "taxFor(net: number)", score: 0.3 }],
    snippet,
  };
}

function answer(files: AgentContextAnswer["files"], title = "Tax is wrong"): AgentContextAnswer {
  return {
    issue: { id: "6f1c1f5e-0f6b-4b53-9a2d-0d7f3b8e2a11", title, status: "OPEN" },
    tokenizer: "o200k_base",
    budget_tokens: 4000,
    used_tokens: 4000,
    files,
    related_issues: [{ id: "0b7c", title: 'Rounding of "cents" \'s', status: "CLOSED", relation: "similar" }],
    decisions: [],
    truncated: false,
    warnings: [],
  };
}

describe("token counts piece by piece", () => {
  it("equal countTokens on this repository's source files", () => {
    const texts = readdirSync(SOURCES)
      .filter((name) => name.endsWith(".ts"))
      .map((name) => readFileSync(join(SOURCES, name), "utf8"));
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) expect(countPieces(text).tokens).toBe(countTokens(text));
  });

  it("equal countTokens on strings of delicate characters", () => {
    for (const text of trickyStrings(2000))
      expect(countPieces(text).tokens, JSON.stringify(text)).toBe(countTokens(text));
  });

  it("refuse a special token as countTokens does", () => {
    expect(() => countTokens("a <|endoftext|> b")).toThrow();
    expect(() => countPieces("a <|endoftext|> b")).toThrow();
    expect(countPieces("a <| b").tokens).toBe(countTokens("a <| b"));
  });

  it("give an answer's count from its files' counts, whatever its snippets end with", () => {
    const snippets = ["", ...trickyStrings(400)];
    for (let i = 0; i < snippets.length; i += 3) {
      const files = snippets.slice(i, i + 3).map((s, k) => file(`12: return x;${s}`, `src/f${k}.ts`));
      for (let n = 0; n <= files.length; n++) {
        const shown = answer(files.slice(0, n), snippets[i]);
        const counts = shown.files.map((f) => countPieces(JSON.stringify(f)));
        expect(answerTokens(shown, counts), JSON.stringify(shown.files.map((f) => f.snippet))).toBe(
          countTokens(JSON.stringify(shown)),
        );
      }
    }
  });
});
