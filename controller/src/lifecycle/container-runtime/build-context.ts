// The files sent as a build context: everything under the context folder that .dockerignore
// does not exclude (dockerode applies .dockerignore to this list; we prune big folders first).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { glob } from "tinyglobby";

export async function contextEntries(context: string): Promise<string[]> {
  const patterns = await readDockerignore(context);
  // Negations can bring back files a pruned folder holds, so prune only without them.
  const prune = patterns.some((p) => p.startsWith("!"))
    ? [".git/**"]
    : [".git/**", ...patterns.flatMap((p) => [p.replace(/^\/+/, ""), `${p.replace(/^\/+|\/+$/g, "")}/**`])];
  return glob(["**"], {
    cwd: context,
    dot: true,
    ignore: prune,
    onlyFiles: true,
    followSymbolicLinks: false,
  });
}

async function readDockerignore(context: string): Promise<string[]> {
  try {
    const text = await readFile(join(context, ".dockerignore"), "utf8");
    return text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
  } catch {
    return [];
  }
}
