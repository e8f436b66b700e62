// TESTS edges: a test file → each file it exercises, i.e. the non-test files it imports, those
// holding symbols it uses (resolved through an import or the package, confidence ≥ 0.9), and the
// file it is named after (`user.test.ts` → `user.ts`, `UserTest.java` → `User.java`, in the same
// or a mirrored folder). Helpers and fixtures in test folders are not code under test.

import { Yielder } from "../../turns/index.js";
import type { FileFacts } from "../facts.js";
import type { CodeEdge, CodeFile } from "../model.js";
import { fileId } from "../model.js";
import { familyOf } from "./symbol-table.js";
import { inTestFolder, isTestFile, stemOf, testSubjectStem } from "./test-files.js";

/** Gives way to the event loop between files (`yielder`). */
export async function testEdges(
  repo: string,
  files: readonly CodeFile[],
  facts: ReadonlyMap<string, FileFacts>,
  importsByFile: ReadonlyMap<string, Set<string>>,
  referencedFiles: ReadonlyMap<string, Set<string>>,
  yielder: Yielder = Yielder.never,
): Promise<CodeEdge[]> {
  const byStem = new Map<string, string[]>();
  for (const file of files) {
    await yielder.tick();
    if (!facts.has(file.path) || isTestFile(file.path) || inTestFolder(file.path)) continue;
    const stem = stemOf(file.path);
    const same = byStem.get(stem);
    if (same) same.push(file.path);
    else byStem.set(stem, [file.path]);
  }
  const edges: CodeEdge[] = [];
  for (const [path, fileFacts] of facts) {
    await yielder.tick();
    if (!isTestFile(path)) continue;
    const targets = new Set<string>();
    for (const file of importsByFile.get(path) ?? []) targets.add(file);
    for (const file of referencedFiles.get(path) ?? []) targets.add(file);
    const named = namedSubject(path, fileFacts, byStem, facts);
    if (named) targets.add(named);
    for (const target of targets) {
      if (target === path || isTestFile(target) || inTestFolder(target)) continue;
      edges.push({ type: "TESTS", from: fileId(repo, path), to: fileId(repo, target) });
    }
  }
  return edges;
}

/** The file the test is named after: of the same language family, the one nearest in the tree. */
function namedSubject(
  path: string,
  fileFacts: FileFacts,
  byStem: Map<string, string[]>,
  facts: ReadonlyMap<string, FileFacts>,
): string | undefined {
  const stem = testSubjectStem(path);
  if (!stem) return undefined;
  const family = familyOf(fileFacts.language);
  const candidates = (byStem.get(stem) ?? []).filter(
    (c) => familyOf(facts.get(c)?.language ?? "") === family,
  );
  // The first of those sharing the most leading folders with the test (a stable sort's first).
  let best: string | undefined;
  let bestShared = -1;
  for (const candidate of candidates) {
    const shared = sharedPrefix(candidate, path);
    if (shared > bestShared) [best, bestShared] = [candidate, shared];
  }
  return best;
}

function sharedPrefix(a: string, b: string): number {
  const as = a.split("/");
  const bs = b.split("/");
  let n = 0;
  while (n < as.length && n < bs.length && as[n] === bs[n]) n++;
  return n;
}
