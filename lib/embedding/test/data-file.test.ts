// Built copies of the code (dist/, the service bundles) find the data tables of the repository.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { dataFile } from "../data-file.js";
import { WORD_VECTORS_PATH } from "../word-vectors.js";

const REPO = resolve(import.meta.dirname, "../../..");
const TABLE = join(REPO, "lib/embedding/data/word-vectors.bin");

describe("dataFile", () => {
  it("finds the table beside the source module", () => {
    expect(WORD_VECTORS_PATH).toBe(TABLE);
    expect(existsSync(WORD_VECTORS_PATH)).toBe(true);
  });

  it("finds the repository's table from a built module (dist/, a service bundle) that has none beside it", () => {
    for (const built of [
      "dist/lib/embedding/word-vectors.js",
      ".cache/service-bundles/task-graph/b-1/chunks/c.mjs",
    ]) {
      expect(dataFile(pathToFileURL(join(REPO, built)).href, "embedding", "word-vectors.bin")).toBe(TABLE);
    }
  });

  it("names the place beside the module when no copy exists anywhere", () => {
    const url = pathToFileURL(join(REPO, "dist/lib/embedding/x.js")).href;
    expect(dataFile(url, "embedding", "no-such-table.bin")).toBe(
      join(REPO, "dist/lib/embedding/data/no-such-table.bin"),
    );
  });
});
