// Why a scan found no endpoint (SPEC §5, issue 20): the frameworks the scanners know, and the
// files that look like they declare routes all the same (a framework not read yet, or the wrong
// folder). Only runs when a service came out empty, so it may read the files again.

import { readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { listSourceFiles } from "./source-tree.js";

export interface EmptyScanReport {
  /** The frameworks whose routes a scan reads. */
  lookedFor: string[];
  /** Files (relative) whose text looks like route declarations, at most `limit`. */
  routeLike: string[];
  /** How many files looked like routes in all. */
  routeLikeCount: number;
}

/** One pattern per language family: a call or annotation that declares a route in common frameworks. */
const ROUTE_SHAPES: Record<string, RegExp> = {
  js: /\.(get|post|put|patch|delete|all|route|register)\(\s*['"`[{]|@(Get|Post|Put|Patch|Delete|Controller)\(/,
  py: /@\w+(\.\w+)*\.(route|get|post|put|patch|delete|api_route)\(|\b(path|re_path|url)\(\s*r?['"]|add_url_rule\(/,
  go: /\.(GET|POST|PUT|PATCH|DELETE|Handle|HandleFunc|Any|Group|Get|Post)\(\s*"/,
  cs: /\[(Http(Get|Post|Put|Patch|Delete)|Route)\b|\.Map(Get|Post|Put|Patch|Delete|Group|Methods)\(/,
  rb: /^\s*(resources?|namespace|scope|get|post|put|patch|delete|match|root|mount)\b[\s(]/m,
  php: /Route::(get|post|put|patch|delete|any|match|resource|apiResource|group|prefix|middleware|controller)\(/,
  jvm: /@(Get|Post|Put|Delete|Patch|Request)Mapping\b|@Path\(/,
};

const FAMILY: Record<string, string> = {
  ".js": "js",
  ".mjs": "js",
  ".cjs": "js",
  ".ts": "js",
  ".mts": "js",
  ".tsx": "js",
  ".py": "py",
  ".go": "go",
  ".cs": "cs",
  ".rb": "rb",
  ".php": "php",
  ".java": "jvm",
  ".kt": "jvm",
};

const MAX_FILES = 5000;
const MAX_BYTES = 256 * 1024;

export async function explainEmptyScan(root: string, limit = 10): Promise<EmptyScanReport> {
  const { scanners } = await import("./frameworks/index.js");
  const lookedFor = scanners.filter((s) => s.kind === "framework").map((s) => s.name);
  const routeLike: string[] = [];
  for (const file of (await listSourceFiles(root)).slice(0, MAX_FILES)) {
    const shape = ROUTE_SHAPES[FAMILY[extname(file)] ?? ""];
    if (!shape) continue;
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8").slice(0, MAX_BYTES);
    } catch {
      continue;
    }
    if (shape.test(text)) routeLike.push(file);
  }
  return { lookedFor, routeLike: routeLike.slice(0, limit), routeLikeCount: routeLike.length };
}

/** The lines `e2e manifest` prints for a service without endpoints. */
export function describeEmptyScan(name: string, report: EmptyScanReport): string[] {
  const lines = [`${name}: no endpoint found; looked for ${report.lookedFor.join(", ")}`];
  if (report.routeLikeCount === 0) {
    lines.push(`${name}: no file looks like it declares routes (is this the API's source folder?)`);
  } else {
    const more = report.routeLikeCount - report.routeLike.length;
    lines.push(
      `${name}: ${report.routeLikeCount} file(s) look like routes of a framework not read, or written in a way not followed: ` +
        `${report.routeLike.join(", ")}${more > 0 ? ` and ${more} more` : ""}`,
    );
  }
  return lines;
}
