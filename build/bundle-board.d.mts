// Types of build/bundle-board.mjs, for the TypeScript that imports it (the board's browser suite).
import type { Metafile } from "esbuild";

export function buildBoard(
  outdir: string,
  options?: { logLevel?: "silent" | "error" | "warning" | "info" },
): Promise<Metafile>;

export const BOARD_STATIC_FILES: readonly string[];
