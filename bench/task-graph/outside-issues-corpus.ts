// Issue records nobody here wrote, for the outside search-quality benchmark (issue 21): CPython's
// change log as Debian ships it (/usr/share/doc/python3.11/NEWS.gz, package python3.11). Each
// entry "- gh-issue-N: text" (or "- bpo-N: text") under a section heading (Library, Tests, …) of
// a release becomes one issue: id = the number, title = the first sentence, description = the
// rest, component and label = the section. Read at bench time, never copied into the repository.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

const NEWS_PATH = "/usr/share/doc/python3.11/NEWS.gz";
const NEWS_PACKAGE = "python3.11";

export interface OutsideIssue {
  /** "gh-100942" or "bpo-32782": the tracker the number belongs to, and the number. */
  id: string;
  title: string;
  description: string;
  component: string;
  labels: string[];
  release: string;
}

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });

/** The change log's path, installing its package through apt-get when it is missing. */
function ensureNews(path = NEWS_PATH): string {
  if (existsSync(path)) return path;
  console.log(`${path} is missing: installing the Debian package ${NEWS_PACKAGE} (apt-get)`);
  try {
    run("apt-get", ["install", "-y", "-q", "--reinstall", "--no-install-recommends", NEWS_PACKAGE]);
  } catch (err) {
    throw new Error(`${path} is missing and apt-get install ${NEWS_PACKAGE} failed: ${String(err)}`);
  }
  if (!existsSync(path)) {
    // Minimal images drop /usr/share/doc (dpkg path-exclude): say so rather than fail later.
    throw new Error(
      `${path} is still missing after installing ${NEWS_PACKAGE} (is /usr/share/doc excluded by dpkg?)`,
    );
  }
  return path;
}

/** reST markup to the plain words a reader sees: :func:`~a.b` → b()-less "a.b", ``x`` → x. */
function plainText(rst: string): string {
  return rst
    .replace(/:[a-z]+(?::[a-z]+)?:`~?([^`<]*?)(?:\s*<[^>]*>)?`/g, "$1")
    .replace(/``([^`]*)``/g, "$1")
    .replace(/`([^`<]*?)(?:\s*<[^>]*>)?`_*/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** First sentence: up to the first ". " (or the end), not cutting inside "e.g. " or a dotted name. */
function splitSentence(text: string): [string, string] {
  const m = /^(.*?[^.\s][.!?])\s+(?=[A-Z(])/.exec(text);
  const first = m?.[1];
  if (!m || !first || /\b(?:e\.g|i\.e|etc|vs)\.$/.test(first)) return [text, ""];
  return [first, text.slice(m[0].length)];
}

const ENTRY = /^- (gh-issue|bpo)-(\d+): ?(.*)$/;

/** Every entry of the change log with an issue number, first occurrence of each id kept. */
function parseNews(text: string): OutsideIssue[] {
  const lines = text.split("\n");
  const out: OutsideIssue[] = [];
  const seen = new Set<string>();
  let release = "";
  let section = "";
  let current: { id: string; body: string[] } | undefined;
  const flush = () => {
    if (current && !seen.has(current.id)) {
      seen.add(current.id);
      const [title, description] = splitSentence(plainText(current.body.join(" ")));
      out.push({ id: current.id, title, description, component: section, labels: [section], release });
    }
    current = undefined;
  };
  for (const [i, line] of lines.entries()) {
    const next = lines[i + 1] ?? "";
    const entry = ENTRY.exec(line);
    if (/^What's New in Python /.test(line)) {
      flush();
      release = line.replace(/^What's New in Python (.*?)\??$/, "$1");
    } else if (/^-{3,}$/.test(next) && line.trim() !== "" && !line.startsWith("- ")) {
      flush();
      section = line.trim();
    } else if (entry) {
      flush();
      const [, kind, num, rest = ""] = entry;
      current = { id: `${kind === "bpo" ? "bpo" : "gh"}-${num}`, body: [rest] };
    } else if (/^- /.test(line) || /^\S/.test(line)) {
      flush(); // an entry without a number, or a heading: ends the current entry
    } else if (current && line.trim() !== "") {
      current.body.push(line.trim());
    }
  }
  flush();
  return out;
}

export function readOutsideIssues(path = NEWS_PATH): OutsideIssue[] {
  return parseNews(gunzipSync(readFileSync(ensureNews(path))).toString("utf8"));
}

// `node --import tsx bench/task-graph/outside-issues-corpus.ts OUT.json`: the records as JSON,
// to read them while writing queries (into a temporary file, not the repository).
if (process.argv[1]?.endsWith("outside-issues-corpus.ts") && process.argv[2]) {
  const issues = readOutsideIssues();
  writeFileSync(process.argv[2], JSON.stringify(issues, null, 1));
  console.log(`${issues.length} issues → ${process.argv[2]}`);
}
