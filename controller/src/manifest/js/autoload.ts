// `@fastify/autoload`: `register(AutoLoad, { dir, options: { prefix }, dirNameRoutePrefix,
// routeParams, ignorePattern, indexPattern })` loads every plugin file of a folder, each under its
// folder path (`routes/users/index.js` → `/users`). Which files it loads and the prefix of each
// follow the plugin's own rules (a folder with an index file loads only that file of the folder,
// plus its sub-folders; autohooks files are hooks, not routes, and with `autoHooks` their hooks
// run before the routes of their folder (and below it with `cascadeHooks`); `_id` folders are
// `:id` with routeParams; a file's `autoPrefix` export replaces its folder prefix).

import { posix } from "node:path";
import type { JsProgram } from "./program.js";
import { propOf, stringOf, type Value } from "./value.js";

export interface FolderPlugin {
  /** The plugin: the file's default export (module.exports). */
  value: Value;
  prefix: string;
  /** The autohooks files whose hooks run before its routes (`autoHooks`, `cascadeHooks`). */
  hooks: string[];
}

const SCRIPT = /\.(ts|js|cjs|mjs)$/;
const INDEX = /^index\.(ts|js|cjs|mjs)$/i;
const AUTOHOOKS = /^[_.]?auto_?hooks\.(ts|js|cjs|mjs)$/i;

/** The plugins `register(AutoLoad, options)` written in `file` loads, with their prefixes. */
export function folderPlugins(
  options: Value | undefined,
  file: string,
  files: readonly string[],
  program: JsProgram,
): FolderPlugin[] {
  const opts = options ? program.resolve(options, file) : undefined;
  const dir = folderOf(propOf(opts, "dir"), file, program);
  if (dir === undefined) return [];
  const pluginOptions = propOf(opts, "options");
  const base =
    stringOf(propOf(pluginOptions, "prefix") && program.resolve(propOf(pluginOptions, "prefix")!, file)) ??
    "";
  const flag = (name: string, fallback: boolean) => {
    const v = propOf(opts, name);
    return v?.k === "bool" ? v.v : fallback;
  };
  const dirNames = flag("dirNameRoutePrefix", true);
  const autoHooks = flag("autoHooks", false);
  const cascade = flag("cascadeHooks", false);
  const routeParams = flag("routeParams", false);
  const ignore = regexOf(propOf(opts, "ignorePattern"));
  const index = regexOf(propOf(opts, "indexPattern")) ?? INDEX;
  const inDir = files.filter((f) => f.startsWith(`${dir}/`) && SCRIPT.test(f) && !f.endsWith(".d.ts"));
  const out: FolderPlugin[] = [];
  for (const f of inDir) {
    const rel = f.slice(dir.length + 1);
    const folders = rel.split("/").slice(0, -1);
    const name = posix.basename(rel);
    if (AUTOHOOKS.test(name) || ignore?.test(name)) continue;
    const folder = posix.dirname(f);
    const hasIndex = inDir.some((g) => posix.dirname(g) === folder && index.test(posix.basename(g)));
    if (hasIndex && !index.test(name)) continue;
    const spec = `./${posix.relative(posix.dirname(file), f)}`;
    const value: Value = { k: "import", from: spec, name: "default" };
    const own = stringOf(program.resolve({ k: "import", from: spec, name: "autoPrefix" }, file));
    // routeParams turns every `_x` segment into `:x`, an autoPrefix's too (as the plugin does).
    const segment = (d: string) => (routeParams && d.startsWith("_") ? `:${d.slice(1)}` : d);
    const folderPrefix = dirNames ? folders.join("/") : "";
    const prefix = (own ?? folderPrefix).split("/").map(segment).join("/");
    const hookFiles = autoHooks
      ? inDir.filter((g) => {
          const at = posix.dirname(g);
          return (
            AUTOHOOKS.test(posix.basename(g)) && (at === folder || (cascade && folder.startsWith(`${at}/`)))
          );
        })
      : [];
    out.push({ value, prefix: posix.join("/", base, prefix), hooks: hookFiles });
  }
  return out;
}

/**
 * `path.join(__dirname, "routes")`, `join(import.meta.dirname, "routes")`, `"./routes"`: the folder
 * relative to the tree's root. The string parts count, relative to the registering file.
 */
function folderOf(v: Value | undefined, file: string, program: JsProgram): string | undefined {
  if (!v) return undefined;
  const parts: string[] = [];
  const collect = (x: Value): void => {
    const r = program.resolve(x, file);
    const s = stringOf(r);
    if (s !== undefined) parts.push(s);
    else if (r.k === "call") r.args.forEach(collect);
  };
  collect(v);
  if (parts.length === 0) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(file), ...parts.map((p) => (p === "." ? "" : p))));
  return joined.replace(/\/$/, "");
}

function regexOf(v: Value | undefined): RegExp | undefined {
  const text = stringOf(v);
  if (text === undefined) return undefined;
  try {
    return new RegExp(text);
  } catch {
    return undefined;
  }
}
