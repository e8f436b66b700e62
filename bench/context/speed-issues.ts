// Issue texts for the speed benchmark, of the shapes agents get: this repository's own commit
// messages (long, naming many identifiers and paths) and bug reports about the corpus written
// from its documented functions (one names the function and file, one only quotes its doc
// comment, one describes it in words with a stack-trace-like line). Deterministic.
import { basename } from "node:path";
import { historyCases } from "./history.js";

export interface IssueText {
  title: string;
  description: string;
}

/** `max` commit messages of the repository at `repo` reachable from `rev`, as issues. */
export function commitIssues(repo: string, max: number, rev = "HEAD"): IssueText[] {
  return historyCases(repo, max, 12, rev).map((c) => ({
    title: c.subject.length <= 200 ? c.subject : `${c.subject.slice(0, 196).replace(/\s+\S*$/, "")} ...`,
    description: `${c.subject}\n\n${c.body}`.slice(0, 20_000),
  }));
}

const DOCUMENTED =
  /\/\*\*((?:(?!\*\/)[\s\S]){20,600})\*\/\s*(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*)?([A-Za-z_$][\w$]{3,})\s*\(/g;

function docSentence(doc: string): string {
  const text = doc
    .split("\n")
    .map((l) => l.replace(/^\s*\*\s?/, "").trim())
    .filter((l) => l && !l.startsWith("@"))
    .join(" ");
  return (/^[^.]{10,200}\./.exec(text)?.[0] ?? text.slice(0, 200)).trim();
}

/** `count` bug reports about documented functions of the corpus files (path → text). */
export function corpusIssues(files: [string, string][], count: number): IssueText[] {
  const found: { path: string; name: string; doc: string }[] = [];
  for (const [path, text] of files) {
    for (const m of text.matchAll(DOCUMENTED)) {
      const doc = docSentence(m[1]!);
      if (doc.length >= 20 && !/^(if|for|while|switch|catch|function)$/.test(m[2]!)) {
        found.push({ path, name: m[2]!, doc });
        break;
      }
    }
  }
  if (found.length < count) throw new Error(`only ${found.length} documented functions in the corpus`);
  const step = found.length / count;
  const out: IssueText[] = [];
  for (let i = 0; i < count; i++) {
    const f = found[Math.floor(i * step)]!;
    const pkg = f.path.split("/")[0]!;
    const file = basename(f.path);
    if (i % 3 === 0) {
      out.push({
        title: `${f.name}() in ${file} returns the wrong result`,
        description:
          `Calling \`${f.name}\` from ${f.path} does not do what its comment says: "${f.doc}"\n\n` +
          `Steps: call ${f.name}() with the inputs from our integration test; expected the documented ` +
          `behaviour, got an unexpected value and a warning in the log. Happens since the last upgrade of ${pkg}.`,
      });
    } else if (i % 3 === 1) {
      out.push({
        title: `${pkg}: ${f.doc.slice(0, 120)} — broken`,
        description:
          `The ${pkg} behaviour documented as "${f.doc}" no longer holds after our update. ` +
          "We see it under load with many concurrent requests; a retry sometimes helps. Please have a look.",
      });
    } else {
      out.push({
        title: `Crash in ${pkg} when the documented step fails`,
        description:
          `Our service crashed with\n\n    TypeError: Cannot read properties of undefined\n        at ${f.name} (${f.path}:1:1)\n\n` +
          `The docs say: ${f.doc} We expected an error we can handle instead of a crash.`,
      });
    }
  }
  return out;
}
