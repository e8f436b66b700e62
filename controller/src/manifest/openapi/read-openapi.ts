// Finds OpenAPI/Swagger documents in a scanned tree and reads them with line numbers.

import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { isMap, isScalar, LineCounter, parseDocument, type Node as YamlNode } from "yaml";

export interface OpenApiFile {
  /** Relative to the service root. */
  path: string;
  doc: Record<string, unknown>;
  /** 1-based line of a node found by its key path (e.g. ["paths", "/users", "get"]). */
  lineOf(keys: readonly string[]): number;
}

const NAMES = /^(openapi|swagger)([.-][\w.-]+)?\.(json|ya?ml)$|\.(openapi|swagger)\.(json|ya?ml)$/i;

/** Files whose name says OpenAPI/Swagger and whose content is one (`openapi: 3…` or `swagger: 2…`). */
export function findOpenApiFiles(root: string, paths: readonly string[]): OpenApiFile[] {
  const found: OpenApiFile[] = [];
  for (const path of paths) {
    if (!NAMES.test(basename(path))) continue;
    const lines = new LineCounter();
    const parsed = parseDocument(readFileSync(join(root, path), "utf8"), { lineCounter: lines });
    if (parsed.errors.length > 0) continue;
    const doc = parsed.toJS() as Record<string, unknown> | null;
    if (!doc || (typeof doc.openapi !== "string" && typeof doc.swagger !== "string")) continue;
    found.push({
      path,
      doc,
      lineOf(keys) {
        let node: unknown = parsed.contents;
        let at = 1;
        for (const key of keys) {
          if (!isMap(node)) break;
          const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
          if (!pair) break;
          const range = (pair.key as YamlNode).range;
          if (range) at = lines.linePos(range[0]).line;
          node = pair.value;
        }
        return at;
      },
    });
  }
  return found;
}
