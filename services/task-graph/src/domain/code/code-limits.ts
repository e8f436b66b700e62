// What the code graph may hold and spend (issue 25): quotas on the text and files of each
// repository and of all of them, so no client can grow the heap without bound, and a budget per
// file, so no file can hold a thread. Each quota names the setting that raises it.
import { DomainError } from "../errors.js";

export interface CodeLimits {
  /** CODE_MAX_REPO_BYTES: UTF-8 bytes of text one repository holds. */
  repoBytes: number;
  /** CODE_MAX_REPO_FILES: files one repository holds. */
  repoFiles: number;
  /** CODE_MAX_TOTAL_BYTES: bytes of text all repositories hold together. */
  totalBytes: number;
  /** CODE_MAX_TOTAL_FILES: files all repositories hold together. */
  totalFiles: number;
  /** CODE_PARSE_BUDGET_MS: time one file may take to parse, on a worker thread. */
  parseBudgetMs: number;
  /** CODE_MAX_PARSE_BYTES: larger files are indexed lexically only. */
  parseBytes: number;
  /** CODE_MAX_LINE_CHARS: files with a longer line are indexed lexically only. */
  lineChars: number;
}

/** What a repository (or all of them) holds, or would hold after a change. */
export interface Holding {
  bytes: number;
  files: number;
}

const SETTINGS = {
  repoBytes: "CODE_MAX_REPO_BYTES",
  repoFiles: "CODE_MAX_REPO_FILES",
  totalBytes: "CODE_MAX_TOTAL_BYTES",
  totalFiles: "CODE_MAX_TOTAL_FILES",
} as const;

/** Throws QUOTA_EXCEEDED naming the first limit `repo` or `total` would pass. */
export function checkQuota(limits: CodeLimits, name: string, repo: Holding, total: Holding): void {
  const checks = [
    ["repoBytes", repo.bytes, `repository "${name}"`],
    ["repoFiles", repo.files, `repository "${name}"`],
    ["totalBytes", total.bytes, "all repositories"],
    ["totalFiles", total.files, "all repositories"],
  ] as const;
  for (const [key, value, who] of checks) {
    if (value <= limits[key]) continue;
    const unit = key.endsWith("Bytes") ? "bytes of text" : "files";
    throw new DomainError(
      "QUOTA_EXCEEDED",
      `The ${who} would hold ${value} ${unit}, over the limit of ${limits[key]} (${SETTINGS[key]}).`,
      { limit: SETTINGS[key], max: limits[key], requested: value },
    );
  }
}
