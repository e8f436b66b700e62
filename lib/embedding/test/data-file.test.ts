// Each copy of the code finds its data tables: the source beside itself, dist/ (in the repository
// or installed from the packed tarball) the copy `npm run build` put beside it, a service bundle
// the repository's; an installed package never looks outside itself.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { dataFile } from "../data-file.js";
import { WORD_VECTORS_PATH } from "../word-vectors.js";

const REPO = resolve(import.meta.dirname, "../../..");
const TABLE = join(REPO, "lib/embedding/data/word-vectors.bin");
const scratch = mkdtempSync(join(tmpdir(), "gantry-data-file-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes each file (empty) under the scratch folder; returns the folder. */
function tree(name: string, files: string[]): string {
  const root = join(scratch, name);
  for (const f of files) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), "");
  }
  return root;
}

const moduleUrl = (path: string) => pathToFileURL(path).href;

describe("dataFile", () => {
  it("finds the table beside the source module", () => {
    expect(WORD_VECTORS_PATH).toBe(TABLE);
    expect(existsSync(WORD_VECTORS_PATH)).toBe(true);
  });

  it("finds the repository's table from a service bundle that has none beside it", () => {
    const bundle = join(REPO, ".cache/service-bundles/task-graph/b-1/chunks/c.mjs");
    expect(dataFile(moduleUrl(bundle), "embedding", "word-vectors.bin")).toBe(TABLE);
  });

  it("finds the copy npm run build put beside a dist/ module, in an installed package", () => {
    const pkg = tree("installed/node_modules/gantry", [
      "package.json",
      "dist/lib/embedding/data/word-vectors.bin",
    ]);
    expect(
      dataFile(moduleUrl(join(pkg, "dist/lib/embedding/word-vectors.js")), "embedding", "word-vectors.bin"),
    ).toBe(join(pkg, "dist/lib/embedding/data/word-vectors.bin"));
  });

  it("never looks above the package root, so an installed package cannot find someone else's lib/", () => {
    const project = tree("project", [
      "lib/embedding/data/word-vectors.bin",
      "node_modules/gantry/package.json",
    ]);
    const built = join(project, "node_modules/gantry/dist/lib/embedding/word-vectors.js");
    expect(dataFile(moduleUrl(built), "embedding", "word-vectors.bin")).toBe(
      join(project, "node_modules/gantry/dist/lib/embedding/data/word-vectors.bin"),
    );
  });

  it("names the place beside the module when no copy exists anywhere", () => {
    const url = moduleUrl(join(REPO, "dist/lib/embedding/x.js"));
    expect(dataFile(url, "embedding", "no-such-table.bin")).toBe(
      join(REPO, "dist/lib/embedding/data/no-such-table.bin"),
    );
  });
});
