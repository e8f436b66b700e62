// The identity of the code that made a cache's entries: the size and modification time of each
// file under some folders (their `test/` folders aside), in a fixed order. A rebuilt or upgraded
// e2e then starts its caches over instead of trusting what older code made. Shared by the
// manifest's scan state and `e2e search`'s code memo.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** One line per file (`path:size:mtime`) under `dirs`, files kept by `keep` (default: all). */
export function codeFileLines(dirs: string[], keep: (name: string) => boolean = () => true): string[] {
  const lines: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "test") walk(path);
      } else if (keep(entry.name)) {
        const s = statSync(path);
        lines.push(`${path}:${s.size}:${s.mtimeMs}`);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return lines;
}
