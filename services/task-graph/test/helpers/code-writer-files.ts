// The files code-writer-process.ts writes, so the test can rebuild what each acknowledgement
// stands for: writer w's n-th file imports its (n-1)-th and its symbol references that file's.
import type { CodeFileSubgraph } from "../../src/ports/code-graph-store.js";

export function codeWriterFile(w: number, n: number): CodeFileSubgraph {
  const path = `src/w${w}/f${n}.ts`;
  const id = `app:${path}`;
  const symbol = `${id}#f${n}`;
  const previous = `app:src/w${w}/f${n - 1}.ts`;
  return {
    file: { repo: "app", path, language: "typescript", lines: 3, hash: `h-${w}-${n}` },
    symbols: [
      {
        id: symbol,
        repo: "app",
        path,
        name: `f${n}`,
        kind: "function",
        line: 1,
        end_line: 3,
        signature: `function f${n}()`,
        exported: true,
      },
    ],
    edges: [
      { type: "CONTAINS", from: id, to: symbol },
      ...(n > 0
        ? [
            { type: "IMPORTS" as const, from: id, to: previous },
            { type: "REFERENCES" as const, from: symbol, to: `${previous}#f${n - 1}`, confidence: 1 },
          ]
        : []),
    ],
  };
}
