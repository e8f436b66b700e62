// The exact token count of an agent-context answer's JSON from the counts of its files' JSON,
// without counting the whole text again. The pre-tokenizer cuts the answer where each file object
// starts ("{\"" then the letters of "repo") and where "related_issues" starts: before them is a
// run of punctuation ("\"},{\"", "\":[{\"", "\"}],\"") that always ends at the letter after it
// and is one piece. So the answer's count is the sum of its parts cut there: the head up to the
// first file's `{"`, each file without its `{"` but with the run that follows it, and the tail.
// A file's part differs from the file alone only by its last piece, which grows into that run.
import type { AgentContextAnswer } from "../../schemas/agent-context.js";
import { countPieces, type PieceCount, pieceTokens } from "./token-count.js";

/** A file object's JSON opens with this piece ("{\"" before its first key, "repo"). */
const OPEN = '{"';
const BETWEEN = ',{"';
const AFTER_LAST = '],"';
const FILES_EMPTY = '"files":[],"';

/**
 * countTokens(JSON.stringify(answer)), given countPieces of each file's JSON (`files[i]` for
 * `answer.files[i]`). Files must start with their `repo` key (schemas/agent-context.ts order).
 */
export function answerTokens(answer: AgentContextAnswer, files: readonly PieceCount[]): number {
  const shell = JSON.stringify({ ...answer, files: [] });
  if (answer.files.length === 0) return countPieces(shell).tokens;
  // Strings in JSON escape their quotes: the only `"files":[],"` is the key itself.
  const at = shell.indexOf(FILES_EMPTY);
  const head = `${shell.slice(0, at)}"files":[${OPEN}`;
  const tail = shell.slice(at + FILES_EMPTY.length);
  let total = countPieces(head).tokens + countPieces(tail).tokens;
  const open = pieceTokens(OPEN);
  files.forEach((file, i) => {
    const run = i < files.length - 1 ? BETWEEN : AFTER_LAST;
    total += file.tokens - open - pieceTokens(file.last) + pieceTokens(file.last + run);
  });
  return total;
}
