// Reads one file of a code root without ever leaving it: the path's real location (every symlink
// on the way resolved) must lie inside the root's real path, only regular files are read, and a
// read stops at a byte budget whatever size the file claims (procfs files say 0 and never end).
import { constants } from "node:fs";
import { lstat, open, realpath } from "node:fs/promises";
import { join } from "node:path";
import { isInside } from "./folder-policy.js";

export type ContainedFile =
  | { kind: "file"; content: string }
  | { kind: "dir" }
  /** Gone, or nothing the index may read (outside the root, not a regular file, too large). */
  | { kind: "none"; reason: "missing" | "outside" | "special" | "too-large" };

/** O_NOFOLLOW: a symlink swapped in after the check is refused by the kernel, not followed. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** `root` must be a real path (FolderPolicy gives one); `path` is relative, `/`-separated. */
export async function readContained(root: string, path: string, maxBytes: number): Promise<ContainedFile> {
  const full = join(root, path);
  const link = await lstat(full).catch(() => null);
  if (!link) return { kind: "none", reason: "missing" };
  const real = await realpath(full).catch(() => null);
  if (!real) return { kind: "none", reason: "missing" };
  if (!isInside(root, real)) return { kind: "none", reason: "outside" };
  // A link to a folder is not followed (the folder is read where it really lies, if inside).
  if (link.isDirectory()) return { kind: "dir" };
  const handle = await open(real, OPEN_FLAGS).catch(() => null);
  if (!handle) return { kind: "none", reason: "missing" };
  try {
    const info = await handle.stat();
    if (info.isDirectory()) return { kind: "none", reason: "special" };
    if (!info.isFile()) return { kind: "none", reason: "special" };
    if (info.size > maxBytes) return { kind: "none", reason: "too-large" };
    const bytes = await readAtMost(handle, maxBytes + 1);
    if (bytes.length > maxBytes) return { kind: "none", reason: "too-large" };
    return { kind: "file", content: bytes.toString("utf8") };
  } finally {
    await handle.close();
  }
}

async function readAtMost(handle: import("node:fs/promises").FileHandle, limit: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(Math.min(limit, 64 * 1024));
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < limit) {
    const want = Math.min(buffer.length, limit - total);
    const { bytesRead } = await handle.read(buffer, 0, want, null);
    if (bytesRead === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, bytesRead)));
    total += bytesRead;
  }
  return Buffer.concat(chunks, total);
}
