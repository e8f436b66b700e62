// The docs are what the next engineer reads first: every relative link in a markdown file, and
// every repository path written in backticks, must name something that exists. A paragraph that
// says "planned" may name paths that do not exist yet.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SKIP_DIRS = new Set(["node_modules", "dist", ".cache", ".git", "reports", "logs", "coverage"]);
/** Top-level folders and files a backticked path may start with. */
const TOP =
  /^(?:controller|services|lib|bench|infra|build|docs|bin|\.ci)\/|^(?:README|ARCHITECTURE|CONTRIBUTING)\.md$/;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : markdownFiles(join(dir, entry.name));
    return entry.name.endsWith(".md") ? [join(dir, entry.name)] : [];
  });
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(file: string): Set<string> {
  const headings = readFileSync(file, "utf8").matchAll(/^#{1,6} +(.+)$/gm);
  return new Set([...headings].map((m) => slug(m[1]!)));
}

/** Fenced code blocks hold commands and diagrams, not links. */
function withoutFences(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, " "));
}

interface Problem {
  where: string;
  target: string;
}

function brokenLinks(file: string): Problem[] {
  const text = withoutFences(readFileSync(file, "utf8"));
  const problems: Problem[] = [];
  for (const [lineNo, line] of text.split("\n").entries()) {
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split("#", 2) as [string, string | undefined];
      const resolved = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
      const where = `${relative(ROOT, file)}:${lineNo + 1}`;
      if (!existsSync(resolved)) problems.push({ where, target });
      else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) {
        problems.push({ where, target: `${target} (no such heading)` });
      }
    }
  }
  return problems;
}

/** Where a backticked path may point: the repository root, or the document's own folder. */
function pathExists(file: string, path: string): boolean {
  const candidates = [join(ROOT, path), join(dirname(file), path)];
  // An import specifier names the .js that the .ts source compiles to.
  if (path.endsWith(".js")) candidates.push(...candidates.map((c) => c.replace(/\.js$/, ".ts")));
  return candidates.some((c) => existsSync(c));
}

/** Paths that stand for many, or for what does not exist before a run or in this repository. */
function notAPathHere(path: string): boolean {
  if (/[<>*{}$]|\/[A-Z]+\//.test(path)) return true; // <name>, NAME, globs
  if (/^bench\/results\/.+\.json$/.test(path)) return true; // written by each benchmark run
  // services/<x>/ of a service this repository does not have: a user's project (e2e init's output).
  const service = /^services\/([^/]+)\//.exec(path)?.[1];
  return service !== undefined && !existsSync(join(ROOT, "services", service));
}

/** Blocks of text between blank lines, with the line each starts on. */
function paragraphs(text: string): { first: number; paragraph: string }[] {
  const out: { first: number; paragraph: string }[] = [];
  let current: string[] = [];
  let first = 1;
  for (const [i, line] of [...text.split("\n"), ""].entries()) {
    if (line.trim() !== "") {
      if (current.length === 0) first = i + 1;
      current.push(line);
    } else if (current.length > 0) {
      out.push({ first, paragraph: current.join("\n") });
      current = [];
    }
  }
  return out;
}

function missingPaths(file: string): Problem[] {
  const problems: Problem[] = [];
  for (const { first, paragraph } of paragraphs(withoutFences(readFileSync(file, "utf8")))) {
    // A paragraph about planned work may name paths that do not exist yet.
    if (/planned/i.test(paragraph)) continue;
    for (const m of paragraph.matchAll(/`([^`\s]+)`/g)) {
      const path = m[1]!.replace(/[:,.;)]+$/, "").replace(/:\d+(?::\d+)?$/, "");
      if (!TOP.test(path) || notAPathHere(path) || pathExists(file, path)) continue;
      problems.push({ where: `${relative(ROOT, file)}:${first}+`, target: path });
    }
  }
  return problems;
}

const files = markdownFiles(ROOT);

describe("the repository's markdown", () => {
  it("finds the documents it checks (the root README, ARCHITECTURE.md, CONTRIBUTING.md, folder READMEs)", () => {
    const names = files.map((f) => relative(ROOT, f));
    expect(names).toEqual(
      expect.arrayContaining(["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "bench/README.md"]),
    );
  });

  it("links only to files and headings that exist", () => {
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it("names in backticks only repository paths that exist, except in paragraphs about planned work", () => {
    expect(files.flatMap(missingPaths)).toEqual([]);
  });
});
