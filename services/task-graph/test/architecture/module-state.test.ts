// Two apps built in one process must not share state, so the service's code and lib/ keep no
// mutable state at module level: no top-level `let`/`var`, and a top-level Map/Set/WeakMap/
// WeakSet only where listed below with why it cannot carry state from one app to another.
// (test/api/app-isolation.test.ts shows the behaviour; this keeps new code from regressing.)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../../..");
const SCANNED = ["services/task-graph/src", "lib"];
// lib/testing serves tests, the harness and benchmarks, never an app (e.g. it finds the Redis
// binary once per test process): not app state.
const NOT_APP_CODE = ["lib/testing/"];
// Top-level `let` kept on purpose, with why.
const ALLOWED_LETS: Record<string, string> = {
  "lib/code-graph/parser.ts runtime":
    "web-tree-sitter's WASM runtime is initialised once per process by design",
  "services/task-graph/src/adapters/embedded-vector/simd-kernel.ts compiled":
    "the SIMD scan's WebAssembly module, compiled once from constant bytes: code, not app state",
  "lib/search/e2e-search-weights.ts shipped":
    "the committed weights table, parsed once from a file of the package: constant data, not app state",
  "lib/turns/yielder.ts scheduled":
    "the turns of the process's one event loop (nextTurn): every app's sliced loops share that loop, so they share its queue of turns, which holds resume callbacks and no app data",
};

const ALLOWED_COLLECTIONS: Record<string, string> = {
  // Constant sets: filled once from literals, only read.
  "lib/service-kit/error-responses.ts BODY_METHODS": "constant, read only",
  "lib/embedding/stopwords.ts STOPWORDS": "constant, read only",
  "services/task-graph/src/adapters/embedded-graph/mutations.ts PAYLOADS": "constant, read only",
  "lib/secret-names/secret-names.ts SECRET_WORDS": "constant, read only",
  "services/task-graph/src/adapters/neo4j-graph/errors.ts UNAVAILABLE_CODES": "constant, read only",
  "lib/code-graph/extract/python.ts ENUM_BASES": "constant, read only",
  "lib/code-graph/extract/python.ts INTERFACE_BASES": "constant, read only",
  "lib/code-graph/syntax/js-declaration-syntax.ts JS_FUNCTION_VALUES": "constant, read only",
  "lib/code-graph/syntax/go-declaration-syntax.ts VALUE_SPECS": "constant, read only",
  "lib/code-graph/syntax/go-declaration-syntax.ts TYPE_SPECS": "constant, read only",
  "lib/code-graph/syntax/go-declaration-syntax.ts SPEC_WRAPPERS": "constant, read only",
  "lib/code-graph/syntax/kotlin-declaration-syntax.ts BODIES": "constant, read only",
  "lib/code-graph/graph/builtin-methods.ts JS": "constant, read only",
  "lib/code-graph/graph/builtin-methods.ts PYTHON": "constant, read only",
  "lib/code-graph/graph/builtin-methods.ts JVM": "constant, read only",
  "lib/code-graph/graph/builtin-methods.ts GO": "constant, read only",
  "lib/code-graph/graph/references.ts SELF": "constant, read only",
  // web-tree-sitter's WASM runtime is process-wide by the library's design (Parser.init); what
  // is kept beside it is compiled from the grammar files and holds nothing of an app (a parser
  // is used synchronously, one parse at a time).
  "lib/code-graph/parser.ts grammars": "grammars loaded into the process-wide WASM runtime",
  "lib/code-graph/parser.ts parsers": "one parser per language, used synchronously",
  "lib/code-graph/extract/index.ts queries": "queries compiled from the grammar, read only",
  "services/task-graph/src/domain/code/source-filter.ts SKIPPED_DIRS": "constant, read only",
  "services/task-graph/src/domain/code/source-filter.ts GENERATED_NAMES": "constant, read only",
  "services/task-graph/src/domain/code/source-filter.ts BINARY_EXTENSIONS": "constant, read only",
  // Keyed by a repository's graph object, which one app's code workspace owns and replaces on change.
  "services/task-graph/src/domain/context/file-graph.ts cache": "keyed by one app's code graph",
  "services/task-graph/src/domain/context/outline.ts nameParts": "keyed by one app's symbol objects",
  "lib/code-graph/graph/affected.ts namesCache": "keyed by one indexer's file facts",
  "lib/code-graph/graph/affected.ts PACKAGE_SCOPED": "constant, read only",
  // A pure function of its key (a text → its lines), at most 64 entries: whichever app asks, the
  // answer is the same, so nothing of one app can change what another sees.
  "services/task-graph/src/domain/context/outline.ts recentLines":
    "bounded memo of a pure function of its key",
  "lib/embedding/tokenize.ts identifierTokens":
    "bounded memo of a pure function of its key (an identifier → its tokens)",
  "lib/embedding/tokenize.ts identifierStemMemo":
    "bounded memo of a pure function of its key (an identifier → its stems)",
  // Keyed by the app or the request itself: data attached to one app, gone with it.
  "lib/service-kit/create-app.ts routeTables": "keyed by the app",
  "lib/service-kit/route-security.ts registries": "keyed by the app",
  "lib/service-kit/route-security.ts principals": "keyed by the request",
  // Memos of pure functions: the same answer for every app, so nothing of one app reaches another.
  "services/task-graph/src/domain/context/fitted-ranker.ts KINDS":
    "a path's file kind (a pure function of the path), at most 200,000 kept",
  "services/task-graph/src/domain/context/token-count.ts COUNTS":
    "a tokenizer piece's token count (a pure function of the piece), at most 200,000 kept",
  "lib/code-graph/graph/build-graph.ts containsEdges": "keyed by the symbol object (one app's own)",
};

function sources(): { file: string; text: string }[] {
  return SCANNED.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && !f.split("/").includes("test"))
      .map((f) => {
        const path = join(ROOT, dir, f);
        return { file: relative(ROOT, path), text: readFileSync(path, "utf8") };
      })
      .filter(({ file }) => !NOT_APP_CODE.some((prefix) => file.startsWith(prefix))),
  );
}

describe("module-level state in services/task-graph/src and lib", () => {
  it("has no top-level let or var", () => {
    const found = sources().flatMap(({ file, text }) =>
      text
        .split("\n")
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => /^(export )?(let|var) /.test(line))
        .map(({ at, line }) => ({
          at,
          line: line.trim(),
          key: `${file} ${/(?:let|var) (\w+)/.exec(line)![1]}`,
        })),
    );
    expect(found.filter(({ key }) => !(key in ALLOWED_LETS)).map(({ at, line }) => `${at} ${line}`)).toEqual(
      [],
    );
    expect(Object.keys(ALLOWED_LETS).filter((key) => !found.some((f) => f.key === key))).toEqual([]);
  });

  it("has top-level collections only where they cannot carry one app's state to another", () => {
    const found = sources().flatMap(({ file, text }) =>
      [
        ...text.matchAll(/^(?:export )?const (\w+)(?:\s*:[^=]+)?\s*=\s*new (?:Map|Set|WeakMap|WeakSet)\b/gm),
      ].map((m) => `${file} ${m[1]}`),
    );
    expect(found.filter((key) => !(key in ALLOWED_COLLECTIONS))).toEqual([]);
    // A listed entry that no longer exists is dropped from the list too.
    expect(Object.keys(ALLOWED_COLLECTIONS).filter((key) => !found.includes(key))).toEqual([]);
  });
});
