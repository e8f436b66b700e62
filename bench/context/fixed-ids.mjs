// Preloaded into the task-graph process by bench/context/speed.ts (node --import <path>): ids
// from crypto.randomUUID() become a fixed sequence (still version-4 shaped), so the issues the
// bench creates get the same ids in every run. An answer holds its issue's id, whose token count
// decides how much of the last file fits the budget: with random ids, two runs of the same code
// gave different answers for a few issues, and "same answers before and after" could not be shown.

// Preloaded into the task-graph process by bench/context/speed.ts (node --import <path>): ids
// from crypto.randomUUID() become a fixed sequence (still version-4 shaped), so the issues the
// bench creates get the same ids in every run. An answer holds its issue's id, whose token count
// decides how much of the last file fits the budget: with random ids, two runs of the same code
// gave different answers for a few issues, and "same answers before and after" could not be shown.
import crypto, { createHash } from "node:crypto";
import { syncBuiltinESMExports } from "node:module";

let next = 0;

crypto.randomUUID = () => {
  const hex = createHash("sha256").update(`bench-id-${next++}`).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
// `import { randomUUID } from "node:crypto"` reads the builtin's ESM view: bring it up to date.
syncBuiltinESMExports();
