// CODE_ROOTS: the folders indexed at start, as `name=path` or bare paths, comma separated.
import { resolve } from "node:path";

const REPOSITORY_NAME = /^[A-Za-z0-9._-]{1,100}$/;

/** `name=path` or a bare path (name = last segment), comma separated. */
export function parseCodeRoots(raw: string | undefined): { name: string; path: string }[] {
  if (!raw?.trim()) return [];
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const eq = entry.indexOf("=");
      const path = resolve(eq > 0 ? entry.slice(eq + 1) : entry);
      const name = eq > 0 ? entry.slice(0, eq).trim() : (path.split("/").filter(Boolean).pop() ?? "root");
      if (!REPOSITORY_NAME.test(name))
        throw new Error(`CODE_ROOTS: "${name}" is not a valid repository name`);
      return { name, path };
    });
}
