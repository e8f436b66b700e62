// Compiled scenario modules on disk, keyed by content: a rerun skips esbuild (like tsx's own
// cache). Nothing is kept in memory.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFile } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export class CompileCache {
  private ready = false;

  constructor(
    /** Part of every key: compiler version and options. */
    private readonly salt: string,
    readonly dir = join(tmpdir(), `gantry-${process.getuid?.() ?? "user"}`, "scenarios"),
  ) {}

  key(path: string, source: string): string {
    return createHash("sha1")
      .update(this.salt)
      .update("\0")
      .update(path)
      .update("\0")
      .update(source)
      .digest("hex");
  }

  get(key: string): string | undefined {
    try {
      return readFileSync(join(this.dir, `${key}.js`), "utf8");
    } catch {
      return undefined;
    }
  }

  /** Best effort and asynchronous: a failed write only costs a recompile next time. */
  set(key: string, code: string): void {
    try {
      if (!this.ready) mkdirSync(this.dir, { recursive: true });
      this.ready = true;
      writeFile(join(this.dir, `${key}.js`), code, () => {});
    } catch {
      // read-only or full temp dir: run without the cache
    }
  }
}
