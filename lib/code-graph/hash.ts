import { createHash } from "node:crypto";

/** sha256 of a file's content, hex: what "unchanged" means for incremental indexing. */
export function contentHash(content: string): string {
  return createHash("sha256").update(content).digest("hex");
}
