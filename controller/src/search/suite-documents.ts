// Page methods and scenario modules of the suite beside the config (SPEC §3 layout:
// services/<name>/page.ts and services/<name>/modules/NN_<words>.ts) as search documents. The
// page is parsed with lib/code-graph (tree-sitter) for its methods and their lines; a method's
// words are its name, the comment above it and the string literals of its body (the paths it
// calls). A module's words are its file name, its comments, its tags and the page methods it calls.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { extractFacts } from "../../../lib/code-graph/index.js";
import type { SearchDocument } from "./documents.js";

/** The comment lines right above `line` (1-based), without comment markers. */
function commentAbove(lines: string[], line: number): string {
  const out: string[] = [];
  for (let i = line - 2; i >= 0; i--) {
    const text = lines[i]!.trim();
    if (!/^(\/\/|\/\*|\*)/.test(text)) break;
    out.unshift(text.replace(/^(\/\/+|\/\*+|\*+\/?)/, "").replace(/\*\/$/, ""));
  }
  return out.join(" ");
}

/** String and template literals of a range of lines: the paths a page method calls. */
function literals(lines: string[], from: number, to: number): string {
  const body = lines.slice(from - 1, to).join("\n");
  return [...body.matchAll(/(["'`])([^"'`\n]*)\1/g)].map((m) => m[2]!.replace(/\$\{[^}]*\}/g, " ")).join(" ");
}

async function pageDocuments(root: string, file: string, service: string): Promise<SearchDocument[]> {
  const source = readFileSync(join(root, file), "utf8");
  const lines = source.split("\n");
  const facts = await extractFacts(source, "typescript");
  return facts.symbols
    .filter((s) => s.kind === "method" && s.parent && !s.name.startsWith("#") && s.name !== "constructor")
    .map((s) => {
      const comment = commentAbove(lines, s.line);
      const paths = literals(lines, s.line, s.endLine);
      return {
        key: `page-method:${service}:${s.qualified}`,
        kind: "page-method" as const,
        service,
        name: s.qualified,
        file,
        line: s.line,
        fields: [
          [s.name, "name"],
          [`${comment} ${paths}`, "words"],
        ],
        embedText: `${s.name} ${comment} ${paths}`,
      };
    });
}

function moduleDocument(root: string, file: string, service: string): SearchDocument {
  const source = readFileSync(join(root, file), "utf8");
  const lines = source.split("\n");
  const name = basename(file).replace(/\.\w+$/, "");
  const comments = lines
    .filter((l) => /^\s*(\/\/|\/\*|\*)/.test(l))
    .map((l) => l.trim().replace(/^(\/\/+|\/\*+|\*+\/?)/, ""))
    .join(" ");
  const tags = /export\s+const\s+tags\s*=\s*\[([^\]]*)\]/.exec(source)?.[1]?.replace(/["'`,]/g, " ") ?? "";
  const calls = [...new Set([...source.matchAll(/\bpage\.(\w+)\(/g)].map((m) => m[1]!))].join(" ");
  const runLine = lines.findIndex((l) => /export\s+(async\s+)?function\s+run\b/.test(l));
  const words = name.replace(/^\d+_/, "").replace(/_/g, " ");
  return {
    key: `module:${service}:${name}`,
    kind: "module",
    service,
    name: `${service}/${name}`,
    file,
    line: runLine + 1 || 1,
    fields: [
      [words, "name"],
      [`${tags} ${comments} ${calls}`, "words"],
    ],
    embedText: `${words} ${tags} ${comments}`,
  };
}

/** Documents of the suite's files (as suite-files.ts lists them), optionally only one service's. */
export async function suiteDocuments(root: string, files: string[]): Promise<SearchDocument[]> {
  const out: SearchDocument[] = [];
  for (const file of files) {
    const service = file.split("/")[1]!;
    if (file.endsWith("/page.ts")) out.push(...(await pageDocuments(root, file, service)));
    else out.push(moduleDocument(root, file, service));
  }
  return out;
}
