import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type TaskGraphPage from "../page.js";
import { assertError } from "./support.js";

export const tags = ["code", "code-queries"];

// A small repository: a function, a caller in another file and a test that imports it.
const FILES = [
  {
    path: "src/price.ts",
    content: "export function parsePrice(text: string): number {\n  return Number(text);\n}\n",
  },
  {
    path: "src/cart.ts",
    content:
      'import { parsePrice } from "./price.js";\nexport function parsePriceList(texts: string[]): number[] {\n  return texts.map((t) => parsePrice(t));\n}\n',
  },
  {
    path: "src/price.test.ts",
    content:
      'import { parsePrice } from "./price.js";\nexport function checkParsePrice(): boolean {\n  return parsePrice("2") === 2;\n}\n',
  },
];

type Named = { id: string; name: string; path: string };

/**
 * SPEC §2c, code queries, as a user of an uploaded repository sees them: once it is indexed (the
 * repository listed ready with its files, polled), a symbol is found by its exact name, a prefix
 * a name containing it and a typo; its callers are the caller and the test, surest first; the file lists its importers
 * and its test; the repository's stats count files, symbols and edges by type.
 */
export async function run(page: TaskGraphPage) {
  const repo = `e2e-code-${randomUUID().slice(0, 8)}`;
  const uploaded = await page.uploadFiles(repo, FILES);
  assert.equal(uploaded.status, 200, uploaded.text());
  await page.eventually(async () => {
    const listed = (await page.getRepository(repo)).json();
    assert.equal(listed.status, "ready");
    assert.equal(listed.files, FILES.length);
  });

  const exact = (await page.findSymbols({ q: "parsePrice", repo })).json();
  assert.deepEqual(
    exact.items.map((s: Named & { match: string }) => [s.name, s.match]),
    [
      ["parsePrice", "exact"],
      ["parsePriceList", "prefix"],
      ["checkParsePrice", "fuzzy"],
    ],
    "exact name, then prefix, then names containing it",
  );
  const [symbol] = exact.items;
  assert.deepEqual(
    { id: symbol.id, path: symbol.path, kind: symbol.kind, line: symbol.line },
    { id: `${repo}:src/price.ts#parsePrice`, path: "src/price.ts", kind: "function", line: 1 },
  );
  const typo = (await page.findSymbols({ q: "parsPrice", repo })).json();
  assert.deepEqual(
    typo.items[0] && [typo.items[0].name, typo.items[0].match],
    ["parsePrice", "fuzzy"],
    "a typo finds the name",
  );

  const detail = await page.getSymbol(symbol.id);
  assert.equal(detail.status, 200, detail.text());
  const references = detail.json();
  assert.deepEqual(
    references.callers.map((c: Named & { confidence: number }) => [c.name, c.path, c.confidence]),
    [
      ["parsePriceList", "src/cart.ts", 1],
      ["checkParsePrice", "src/price.test.ts", 1],
    ],
  );
  assert.equal(references.callers_total, 2);
  assert.deepEqual(references.callees, []);
  assert.deepEqual(references.container, {
    type: "file",
    id: `${repo}:src/price.ts`,
    name: "src/price.ts",
    path: "src/price.ts",
  });
  assert.deepEqual((await page.getSymbolById(symbol.id)).json(), references, "by-id answers the same");
  assertError(await page.getSymbol(`${repo}:src/price.ts#noSuchSymbol`), 404, "SYMBOL_NOT_FOUND");

  const file = (await page.codeFile({ path: "src/price.ts", repo })).json();
  assert.deepEqual(
    file.symbols.map((s: Named) => s.name),
    ["parsePrice"],
  );
  assert.deepEqual(
    file.imported_by.map((f: Named) => f.path),
    ["src/cart.ts", "src/price.test.ts"],
  );
  assert.deepEqual(
    file.tested_by.map((f: Named) => f.path),
    ["src/price.test.ts"],
  );
  const test = (await page.codeFile({ path: "src/price.test.ts", repo })).json();
  assert.deepEqual(
    test.tests.map((f: Named) => f.path),
    ["src/price.ts"],
  );
  assertError(await page.codeFile({ path: "src/none.ts", repo }), 404, "CODE_FILE_NOT_FOUND");

  const stats = await page.repositoryStats(repo);
  assert.equal(stats.status, 200, stats.text());
  assert.deepEqual(
    {
      files: stats.json().files,
      symbols: stats.json().symbols,
      languages: stats
        .json()
        .languages.map((l: { language: string; files: number }) => [l.language, l.files]),
      imports: stats.json().edges.IMPORTS,
      tests: stats.json().edges.TESTS,
    },
    { files: 3, symbols: 3, languages: [["typescript", 3]], imports: 2, tests: 1 },
  );
  assert.ok(stats.json().edges.REFERENCES >= 2, "both calls are REFERENCES edges");

  assert.equal((await page.deleteRepository(repo)).status, 204);
  assertError(await page.repositoryStats(repo), 404, "REPOSITORY_NOT_FOUND");
  const gone = await page.findSymbols({ q: "parsePrice", repo });
  assertError(gone, 404, "REPOSITORY_NOT_FOUND");
  return gone;
}
