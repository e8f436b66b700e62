// Which folders of the service's machine may become code repositories (SPEC §4, security).
// A registered folder is read by anyone who can search, so `POST /code/repositories` accepts only
// folders under CODE_REGISTER_ROOTS (none by default). Every folder, registered or from CODE_ROOTS,
// is judged by its real path (symlinks resolved) and never is, holds or lies inside the data
// directory (its journal would be re-indexed at each append) or a kernel file system.
import { realpath, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { DomainError } from "../errors.js";

/** Kernel file systems: their files lie about their size and some never end. */
const SYSTEM_ROOTS = ["/proc", "/sys", "/dev"];

export interface FolderPolicyOptions {
  /** CODE_REGISTER_ROOTS: the folders under which POST may register (empty: registration is off). */
  registerRoots: readonly string[];
  /** DATA_DIR: where the service keeps its journal and caches (null: in memory). */
  dataDir: string | null;
}

/** True when `path` is `root` or lies inside it (both absolute, real). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

const notAllowed = (path: string, rule: string) =>
  new DomainError("PATH_NOT_ALLOWED", `Path "${path}" may not be registered: ${rule}.`, {
    field: "path",
    rule,
  });

export class FolderPolicy {
  readonly #registerRoots: readonly string[];
  readonly #dataDir: string | null;

  constructor(options: FolderPolicyOptions) {
    this.#registerRoots = options.registerRoots.map((r) => resolve(r));
    this.#dataDir = options.dataDir ? resolve(options.dataDir) : null;
  }

  /** The real path of a folder a client asks to register; throws PATH_NOT_ALLOWED or a 400. */
  async forRegistration(path: string): Promise<string> {
    if (this.#registerRoots.length === 0)
      throw notAllowed(path, "registering folders is off (set CODE_REGISTER_ROOTS to allow some)");
    if (!isAbsolute(path)) throw notAllowed(path, "the path must be absolute");
    const real = await this.#realDirectory(path);
    await this.#refuseProtected(path, real);
    const roots = await Promise.all(this.#registerRoots.map((r) => realpath(r).catch(() => null)));
    if (!roots.some((root) => root !== null && isInside(root, real)))
      throw notAllowed(path, "it is not inside a folder of CODE_REGISTER_ROOTS");
    return real;
  }

  /** The real path of a CODE_ROOTS folder (or a registration restored at start). */
  async forCodeRoot(path: string): Promise<string> {
    const real = await this.#realDirectory(path);
    await this.#refuseProtected(path, real);
    return real;
  }

  /** True when a registration restored at start is still allowed by today's settings. */
  async stillAllowed(path: string): Promise<boolean> {
    return this.forRegistration(path).then(
      () => true,
      () => false,
    );
  }

  async #realDirectory(path: string): Promise<string> {
    const real = await realpath(path).catch(() => null);
    const info = real ? await stat(real).catch(() => null) : null;
    if (!real || !info?.isDirectory())
      throw new DomainError("VALIDATION_ERROR", `Field "path" must name a directory the service can read.`, {
        field: "path",
        location: "body",
        rule: "must name a directory the service can read",
      });
    return real;
  }

  async #refuseProtected(path: string, real: string): Promise<void> {
    if (SYSTEM_ROOTS.some((root) => isInside(root, real) || isInside(real, root)))
      throw notAllowed(
        path,
        "kernel file systems (/proc, /sys, /dev) are never read, nor folders holding them",
      );
    if (!this.#dataDir) return;
    const data = (await realpath(this.#dataDir).catch(() => null)) ?? this.#dataDir;
    if (isInside(data, real) || isInside(real, data))
      throw notAllowed(path, "it is, holds or lies inside the service's data directory");
  }
}
