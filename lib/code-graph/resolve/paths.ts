// Repository paths are posix, relative to the repository root, without `./`.
export function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Joins and normalises (`.`/`..`); undefined when the result climbs above the root. */
export function joinPath(dir: string, relative: string): string | undefined {
  const parts = dir === "" ? [] : dir.split("/");
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}

/** The directory itself, then each parent up to the root (""). */
export function* ancestors(dir: string): Generator<string> {
  let current = dir;
  while (true) {
    yield current;
    if (current === "") return;
    current = dirOf(current);
  }
}
