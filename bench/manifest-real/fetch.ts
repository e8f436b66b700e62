// Bring an app's package onto this machine at bench time, through the ordinary clients: a Debian
// package with apt-get (system-wide: its Python modules must import, with their dependencies,
// for the route table), a Debian source package with `apt-get source`, an npm package with
// `npm install` and a PyPI package with pip into a virtualenv, all three into the cache folder
// (never into this repository).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { RealApp } from "./apps.js";

export const CACHE =
  process.env.BENCH_REAL_CACHE ?? join(process.env.HOME ?? "/root", ".cache/gantry-bench/real-apps");

const run = (cmd: string, args: string[], cwd?: string): string =>
  execFileSync(cmd, args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    maxBuffer: 64 << 20,
  });

const debInstalled = (pkg: string): boolean => {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format field
    return run("dpkg-query", ["-W", "-f=${Status}", pkg]).includes("install ok installed");
  } catch {
    return false;
  }
};

const folderOf = (app: RealApp): string =>
  join(CACHE, `${app.package.kind}-${app.package.name.replace(/[@/]/g, "_")}`);

/** The interpreter of a `pypi` app's virtualenv, which its truth dumper runs with. */
export const venvPython = (app: RealApp): string => join(folderOf(app), "bin", "python");

/**
 * A pinned PyPI package and its dependencies in a virtualenv of Debian's python3 (the venv module
 * of the same interpreter the `deb` apps use); `with` holds more requirements (an extra such as
 * `dash[fastapi]`, resolved against the pinned version). Returns the venv's site-packages.
 */
function fetchPypi(app: RealApp, venv: string): string {
  const { name, version } = app.package;
  const python = join(venv, "bin", "python");
  if (!existsSync(python)) run("/usr/bin/python3", ["-m", "venv", venv]);
  const site = run(python, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).trim();
  const wanted = [version ? `${name}==${version}` : name, ...(app.package.with ?? [])];
  // pip's own check: nothing is fetched when every requirement is already satisfied.
  run(join(venv, "bin", "pip"), ["install", "-q", "--no-input", ...wanted]);
  return site;
}

/** The folder the app's package was brought to (for `root` and `cwd` paths relative to it). */
export function fetchApp(app: RealApp): string {
  const { kind, name } = app.package;
  if (kind === "deb") {
    const missing = [name, ...(app.package.with ?? [])].filter((p) => !debInstalled(p));
    if (missing.length > 0) run("apt-get", ["install", "-y", "-q", "--no-install-recommends", ...missing]);
    return "/";
  }
  const dir = folderOf(app);
  mkdirSync(dir, { recursive: true });
  if (kind === "pypi") return fetchPypi(app, dir);
  if (kind === "deb-src") {
    // What the source tree needs to print its route table (Rails' router: ruby-actionpack).
    const missing = (app.package.with ?? []).filter((p) => !debInstalled(p));
    if (missing.length > 0) run("apt-get", ["install", "-y", "-q", "--no-install-recommends", ...missing]);
    const tree = () => readdirSync(dir).find((f) => f.startsWith(`${name}-`) && !f.endsWith(".dsc"));
    if (!tree()) run("apt-get", ["source", "-q", name], dir);
    const found = tree();
    if (!found) throw new Error(`apt-get source ${name} left no source tree in ${dir}`);
    return join(dir, found);
  }
  const spec = app.package.version ? `${name}@${app.package.version}` : name;
  const wanted = [spec, ...(app.package.with ?? [])];
  // A package added to `with` later is installed too: the cache may hold the app without it.
  const names = [name, ...(app.package.with ?? []).map((spec) => spec.replace(/(.)@.*$/, "$1"))];
  if (names.some((n) => !existsSync(join(dir, "node_modules", n, "package.json")))) {
    run("npm", [
      "install",
      "--prefix",
      dir,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      ...wanted,
    ]);
    // Install scripts stay off, but a native module the app needs to start is built from source.
    if (app.package.rebuild?.length) run("npm", ["rebuild", ...app.package.rebuild], dir);
  }
  return dir;
}
