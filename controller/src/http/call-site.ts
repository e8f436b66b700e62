// Where a scenario called the page: the first stack frame outside this folder (the framework's
// HTTP layer), preferring one in a modules/ folder, so errors name the module's file:line.

import { dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

const FRAMEWORK_DIR = dirname(fileURLToPath(import.meta.url));
const FRAME = /\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?\s*$/;

export interface CallSite {
  /** Absolute "path:line:col" (reports match it against the module file). */
  frame: string;
  /** The same, relative to the working directory, for messages. */
  shown: string;
}

/** Captured synchronously when a request starts (an async stack loses the caller after an await). */
export function captureCallSite(): CallSite | undefined {
  const frames: CallSite[] = [];
  for (const line of (new Error().stack ?? "").split("\n").slice(1)) {
    const m = FRAME.exec(line.trim());
    if (!m) continue;
    let path = m[1]!;
    if (path.startsWith("file://")) path = fileURLToPath(path.split("?")[0]!);
    if (path.startsWith("node:") || !path.startsWith("/") || path.startsWith(FRAMEWORK_DIR)) continue;
    if (path.includes("/node_modules/")) continue;
    const at = `:${m[2]}:${m[3]}`;
    frames.push({ frame: path + at, shown: relative(process.cwd(), path).split("\\").join("/") + at });
  }
  return frames.find((f) => f.frame.includes("/modules/")) ?? frames[0];
}
