// The corpus: the JavaScript/TypeScript sources of packages installed in node_modules that nobody
// here wrote (no Python, Java or Go ships in node_modules). Bundled/minified files are left out
// (average line over 300 characters): they are not source anyone indexes for an agent.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { languageOf } from "../../lib/code-graph/index.js";

export const REPO = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");

export const PACKAGES = [
  "fastify",
  "undici",
  "ioredis",
  "neo4j-driver-core",
  "neo4j-driver-bolt-connection",
  "yaml",
  "pino",
  "dependency-cruiser",
  "ajv",
  "vitest",
  "commander",
];

const MAX_BYTES = 1_000_000;
/** The issue asks for at least this much: a smaller corpus would not say much about speed. */
export const MIN_LINES = 200_000;

export interface CorpusFile {
  path: string;
  absolute: string;
}

export function corpusFiles(): CorpusFile[] {
  const out: CorpusFile[] = [];
  const root = join(REPO, "node_modules");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(full);
      } else if (entry.isFile() && languageOf(entry.name) && statSync(full).size <= MAX_BYTES) {
        out.push({ path: relative(root, full).split("\\").join("/"), absolute: full });
      }
    }
  };
  const missing = PACKAGES.filter((name) => !existsSync(join(root, name)));
  if (missing.length > 0) throw new Error(`corpus: not installed: ${missing.join(", ")} (run npm ci)`);
  for (const name of PACKAGES) walk(join(root, name));
  return out.filter((file) => !isMinified(readFileSync(file.absolute, "utf8")));
}

function isMinified(text: string): boolean {
  const lines = text.split("\n").length;
  return text.length / lines > 300;
}
