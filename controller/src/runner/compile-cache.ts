// Compiled scenario modules on disk, keyed by content: a rerun skips esbuild (like tsx's own
// cache), and Node's own loader reads them from there. Nothing is kept in memory.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The shared cache folder, when it is this user's alone; else a fresh one for this process: the
 * files in it are run, so nobody else may be able to write there.
 */
function privateDir(): string {
  const base = join(tmpdir(), `gantry-${process.getuid?.() ?? "user"}`);
  try {
    mkdirSync(join(base, "scenarios"), { recursive: true, mode: 0o700 });
    const st = statSync(base);
    if (st.uid === process.getuid?.() && (st.mode & 0o022) === 0) return join(base, "scenarios");
  } catch {
    // unwritable temp dir: fall through
  }
  return mkdtempSync(join(tmpdir(), "gantry-scenarios-"));
}

export class CompileCache {
  private dirMade: string | undefined;

  constructor(
    /** Part of every key: compiler version and options. */
    private readonly salt: string,
    private readonly folder?: string,
  ) {}

  get dir(): string {
    this.dirMade ??= this.folder ?? privateDir();
    return this.dirMade;
  }

  key(path: string, source: string): string {
    return createHash("sha1")
      .update(this.salt)
      .update("\0")
      .update(path)
      .update("\0")
      .update(source)
      .digest("hex");
  }

  /** The file holding `source` compiled; compiled and written first when it is not there yet. */
  fileFor(path: string, source: string, compile: () => string): string {
    const file = join(this.dir, `${this.key(path, source)}.js`);
    if (!existsSync(file)) {
      mkdirSync(this.dir, { recursive: true });
      // Written whole under a temporary name, then renamed: a concurrent run never reads half a file.
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, compile());
      renameSync(temp, file);
    }
    return file;
  }
}
