// The evaluation set from this repository's own history: commits whose message describes a change
// and whose changed non-test files existed before it (a file added by the commit cannot be found
// in the tree at its parent). Query = the commit message; gold = those files.
import { execFileSync } from "node:child_process";
import { skippedByName } from "../../services/task-graph/src/domain/code/source-filter.js";

export interface HistoryCase {
  commit: string;
  parent: string;
  subject: string;
  body: string;
  gold: string[];
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });

/** Every non-test file the service indexes (test code is excluded by the task's definition). */
function isGoldCandidate(path: string): boolean {
  if (skippedByName(path)) return false;
  if (/(^|\/)(test|tests|__tests__|fixtures|testdata)\//.test(path)) return false;
  return !/\.(test|spec)\.[a-z]+$/.test(path);
}

/**
 * Commits oldest first, at most `max` (the most recent that qualify, reachable from `rev`), each
 * with 1..maxGold gold files; a commit whose subject a more recent one repeats (the same change
 * rebased or cherry-picked onto another branch) counts once, as its most recent copy.
 */
export function historyCases(repo: string, max: number, maxGold = 12, rev = "HEAD"): HistoryCase[] {
  const log = git(repo, "log", "--no-merges", "--format=%H%x1f%P%x1f%s%x1f%b%x1e", rev, "--");
  const cases: HistoryCase[] = [];
  const subjects = new Set<string>();
  for (const record of log.split("\x1e")) {
    const [commit, parents, subject, body] = record.trim().split("\x1f");
    if (!commit || !parents || parents.includes(" ") || !subject) continue;
    if (/^(merge|format|lint|revert)\b/i.test(subject) || subjects.has(subject)) continue;
    const changed = git(repo, "diff", "--name-status", "--no-renames", parents, commit)
      .split("\n")
      .map((line) => line.split("\t"))
      .filter(([status, path]) => status === "M" && path && isGoldCandidate(path))
      .map(([, path]) => path!);
    if (changed.length === 0 || changed.length > maxGold) continue;
    subjects.add(subject);
    cases.push({ commit, parent: parents, subject, body: (body ?? "").trim(), gold: changed.sort() });
    if (cases.length >= max) break;
  }
  return cases.reverse();
}

/** A commit message as an issue: title = subject (cut at a word to fit 200), description = the whole message. */
export function issueFields(subject: string, body: string): { title: string; description: string } {
  const title = subject.length <= 200 ? subject : `${subject.slice(0, 196).replace(/\s+\S*$/, "")} ...`;
  return { title, description: `${subject}\n\n${body}`.slice(0, 20_000) };
}

export function changedBetween(repo: string, from: string, to: string): string[] {
  return git(repo, "diff", "--name-only", "--no-renames", from, to).split("\n").filter(Boolean);
}

export function gitIn(cwd: string, ...args: string[]): string {
  return git(cwd, ...args);
}
