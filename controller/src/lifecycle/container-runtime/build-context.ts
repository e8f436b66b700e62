// The files sent as a build context: what `docker build` would send, i.e. everything under the
// context folder that .dockerignore does not exclude, or, when the build says which paths it reads
// (`only`: the Dockerfile's COPY sources, itself and .dockerignore), just those. Walks like the
// Docker CLI does: an excluded folder is skipped unless an exception pattern (!...) starts with its path.
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";

// A CommonJS module whose typings claim an ES default export: load it as what it is.
const dockerignore = createRequire(import.meta.url)(
  "@balena/dockerignore",
) as typeof import("@balena/dockerignore").default;

/** `.dockerignore` of a context as a predicate on context-relative paths. */
export async function ignoredBy(context: string): Promise<(path: string) => boolean> {
  const rules = dockerignore({ ignorecase: false }).add(await readDockerignore(context));
  return (path) => rules.ignores(path);
}

export async function contextEntries(context: string, only?: string[]): Promise<string[]> {
  const wanted = only?.includes(".") ? undefined : only;
  // A path is sent when a wanted path is it or holds it; a folder is walked when it is on the way to one.
  const kept = (path: string) => !wanted || wanted.some((w) => path === w || path.startsWith(`${w}/`));
  const onTheWay = (dir: string) => kept(dir) || !!wanted?.some((w) => w.startsWith(`${dir}/`));
  const patterns = await readDockerignore(context);
  const rules = dockerignore({ ignorecase: false }).add(patterns);
  const exceptions = patterns.filter((p) => p.startsWith("!")).map((p) => p.slice(1).replace(/^\/+/, ""));
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir ? join(context, dir) : context, { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        const ignored = rules.ignores(path);
        if (entry.isDirectory()) {
          if (ignored && !exceptions.some((e) => `${e}/`.startsWith(`${path}/`))) return;
          if (onTheWay(path)) await walk(path);
        } else if (!ignored && kept(path)) {
          files.push(path);
        }
      }),
    );
  };
  await walk("");
  return files;
}

async function readDockerignore(context: string): Promise<string[]> {
  try {
    const text = await readFile(join(context, ".dockerignore"), "utf8");
    return text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
  } catch {
    // Without a .dockerignore Docker sends everything; .git is never useful to a build.
    return [".git"];
  }
}
