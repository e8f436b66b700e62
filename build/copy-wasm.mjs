// A step of `npm run build`, after tsc: copies the `.wasm` files the code graph reads (web-tree-sitter's
// runtime and one per grammar) from their npm packages to dist/lib/code-graph/wasm/, where
// lib/code-graph/languages.ts looks first. The packed package then ships ~8 MB of grammars instead
// of depending on the grammar packages (~117 MB installed, mostly native sources never read).
// The list of files is the one languages.ts resolves, so a new grammar needs no change here.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist/lib/code-graph/wasm");
// Resolve from the packages, not from a previous copy or an image's folder.
rmSync(out, { recursive: true, force: true });
delete process.env.TREE_SITTER_WASM_DIR;
const languages = await import(pathToFileURL(join(root, "dist/lib/code-graph/languages.js")).href).catch(
  (error) => {
    console.error(
      `copy-wasm: dist/lib/code-graph/languages.js did not load (run tsc first): ${error.message}`,
    );
    process.exit(1);
  },
);
mkdirSync(out, { recursive: true });
const files = [languages.runtimePath(), ...languages.LANGUAGES.map((l) => languages.grammarPath(l))];
for (const file of new Set(files)) copyFileSync(file, join(out, basename(file)));
