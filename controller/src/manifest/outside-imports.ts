// A scan of a sub-folder sees only that folder: a router mounted under a prefix by a file above
// it, or a prefix constant imported from outside it, is lost. This finds such imports between
// the scanned folder and the rest of its project (the nearest folder above holding a package
// manifest or .git): the folder's own files and the files directly in the folders above it, so
// the scan can say what it could not follow (issue 20).

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { listSourceFiles } from "./source-tree.js";

const PROJECT_MARKERS = [
  ".git",
  "package.json",
  "pyproject.toml",
  "setup.py",
  "setup.cfg",
  "requirements.txt",
  "manage.py",
  "go.mod",
  "pom.xml",
  "build.gradle",
  "build.gradle.kts",
  "Gemfile",
  "composer.json",
];
const JS_EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".jsx"];
const MAX_FILES = 3000;
const MAX_BYTES = 256 * 1024;

export interface CrossingImport {
  /** The importing file, relative to the project. */
  file: string;
  line: number;
  /** The import as written. */
  spec: string;
  /** Whether the importing file is outside the scanned folder (it may mount the folder's routers). */
  fromOutside: boolean;
}

/** The project folder above `root` (nearest with a marker), or undefined when root is one itself. */
function projectAbove(root: string): string | undefined {
  const isProject = (dir: string) => PROJECT_MARKERS.some((m) => existsSync(join(dir, m)));
  if (isProject(root)) return undefined;
  for (let dir = dirname(root); dir !== dirname(dir); dir = dirname(dir)) {
    if (dir.split(sep).includes("node_modules") && !isProject(dir)) continue;
    if (isProject(dir)) return dir;
  }
  return undefined;
}

/** Imports that cross the scanned folder's border, either way (JavaScript/TypeScript and Python). */
export async function crossingImports(root: string, limit = 5): Promise<CrossingImport[]> {
  const project = projectAbove(resolve(root));
  if (!project) return [];
  const inside = (abs: string) => abs === root || abs.startsWith(`${resolve(root)}${sep}`);
  const out: CrossingImport[] = [];
  for (const abs of await candidates(resolve(root), project)) {
    const file = relative(project, abs).split(sep).join("/");
    const ext = extname(abs);
    let text: string;
    try {
      text = readFileSync(abs, "utf8").slice(0, MAX_BYTES);
    } catch {
      continue;
    }
    for (const { spec, line } of ext === ".py" ? pythonImports(text) : jsImports(text)) {
      const target = ext === ".py" ? resolvePython(project, abs, spec) : resolveJs(abs, spec);
      if (!target || inside(abs) === inside(target)) continue;
      out.push({ file, line, spec, fromOutside: !inside(abs) });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/**
 * The files whose imports can cross the border: the scanned folder's own, and those lying directly
 * in each folder between it and the project root (where the app that mounts it lives), so a
 * warm scan reads a few files, not the whole project.
 */
async function candidates(root: string, project: string): Promise<string[]> {
  const code = (name: string) => JS_EXTENSIONS.includes(extname(name)) || extname(name) === ".py";
  const own = (await listSourceFiles(root))
    .filter(code)
    .slice(0, MAX_FILES)
    .map((f) => join(root, f));
  const above: string[] = [];
  for (let dir = dirname(root); dir.length >= project.length; dir = dirname(dir)) {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isFile() && code(entry.name) && !/\.(test|spec)\./.test(entry.name))
        above.push(join(dir, entry.name));
    if (dir === project) break;
  }
  return [...above, ...own];
}

/** The warning lines for a sub-folder scan, naming each crossing import. */
export function describeCrossingImports(name: string, found: readonly CrossingImport[]): string[] {
  return found.map((c) =>
    c.fromOutside
      ? `${name}: ${c.file}:${c.line} (outside the scanned folder) imports ${c.spec}: a prefix it mounts that under is not applied; scan the project folder to include it`
      : `${name}: ${c.file}:${c.line} imports ${c.spec} from outside the scanned folder: prefixes or paths defined there are not applied`,
  );
}

function* jsImports(text: string): Generator<{ spec: string; line: number }> {
  const re = /(?:\bfrom\s*|\brequire\(\s*|\bimport\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm;
  for (const m of text.matchAll(re)) yield { spec: m[1]!, line: lineAt(text, m.index) };
}

function* pythonImports(text: string): Generator<{ spec: string; line: number }> {
  const re = /^\s*(?:from\s+([.\w]+)\s+import\b|import\s+([\w.]+))/gm;
  for (const m of text.matchAll(re)) yield { spec: (m[1] ?? m[2])!, line: lineAt(text, m.index) };
}

const lineAt = (text: string, index: number) => text.slice(0, index).split("\n").length;

function resolveJs(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|cjs)$/, "");
  const candidates = [
    base,
    ...JS_EXTENSIONS.map((e) => stem + e),
    ...JS_EXTENSIONS.map((e) => join(base, `index${e}`)),
  ];
  return candidates.find((c) => existsSync(c) && extname(c) !== "");
}

function resolvePython(project: string, from: string, spec: string): string | undefined {
  let base: string;
  let rest = spec;
  if (spec.startsWith(".")) {
    let dots = 0;
    while (spec[dots] === ".") dots++;
    base = dirname(from);
    for (let i = 1; i < dots; i++) base = dirname(base);
    rest = spec.slice(dots);
  } else {
    base = existsSync(join(project, spec.split(".")[0]!)) ? project : join(project, "src");
  }
  const path = rest ? join(base, ...rest.split(".")) : base;
  return [`${path}.py`, join(path, "__init__.py")].find((c) => existsSync(c));
}
