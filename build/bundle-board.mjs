// Builds the board (services/task-graph/board, SPEC §2d) into one folder: index.html and
// assets/board.{js,css}, minified for browsers. The task graph serves that folder at /board:
// `npm run build` writes dist/board; the images and start-service.mjs put one beside the bundle.
// Usage: node build/bundle-board.mjs [outdir]   (default: dist/board)
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(repo, "services", "task-graph", "board");

/** The files copied as they are (relative to the repository), beside what esbuild bundles. */
export const BOARD_STATIC_FILES = ["services/task-graph/board/index.html", "services/task-graph/board/board.css"];

/** Builds the board into outdir; returns esbuild's metafile (its inputs say what went in). */
export async function buildBoard(outdir, { logLevel = "warning" } = {}) {
  const { build } = await import("esbuild");
  mkdirSync(join(outdir, "assets"), { recursive: true });
  const result = await build({
    entryPoints: { board: join(source, "src", "main.tsx") },
    outdir: join(outdir, "assets"),
    absWorkingDir: repo,
    bundle: true,
    platform: "browser",
    format: "esm",
    target: ["chrome110", "firefox115", "safari16"],
    jsx: "automatic",
    jsxImportSource: "preact",
    minify: true,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    tsconfig: join(source, "tsconfig.json"),
    metafile: true,
    logLevel,
  });
  copyFileSync(join(repo, BOARD_STATIC_FILES[0]), join(outdir, "index.html"));
  copyFileSync(join(repo, BOARD_STATIC_FILES[1]), join(outdir, "assets", "board.css"));
  return result.metafile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? join(repo, "dist", "board"));
  const meta = await buildBoard(out);
  const bytes = Object.values(meta.outputs).reduce((n, o) => n + o.bytes, 0);
  console.log(`board: ${out} (${(bytes / 1024).toFixed(0)} KiB of script)`);
}
