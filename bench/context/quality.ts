// npm run bench:context — agent context quality from this repository's history (SPEC §4 / issue 11):
// for each of >= 60 commits whose message describes a change, the message becomes an issue, the
// code is the tree at the commit's parent (one git worktree in a tmp dir, moved from parent to
// parent, uploaded to the service incrementally through PUT .../files), and the gold is the
// non-test files the commit changed. Reported in the same run: Hit@1, Hit@5 and MRR of
// GET /agent/context's files vs plain BM25 over file contents (lib/search) vs the files whose path
// or symbols the message mentions; plus the latency of agent/context and the service's RSS.
// Options: --commits N (default 120), --tracker both|past-work|empty (default both), --no-watch,
// --repos PATH[,PATH...] (default: this repository; another real history: debian-repo.sh), one
// report per repository in the same run. Every case's top files with their signals go to
// bench/results/context-signals.json: the data fit-ranker.ts fits the ranking on.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { type CodeGraph, CodeIndexer, type FileChange } from "../../lib/code-graph/index.js";
import { WordVectorEmbedder } from "../../lib/embedding/index.js";
import { LexicalIndex } from "../../lib/search/index.js";
import { type StartedService, startService } from "../../services/task-graph/harness/start-service.js";
import { SourceTree } from "../../services/task-graph/src/domain/code/source-tree.js";
import { detectMentions, pathMatches } from "../../services/task-graph/src/domain/context/mentions.js";
import { changedBetween, gitIn, historyCases, issueFields } from "./history.js";
import { percentile, type Scores, scoreRanking } from "./metrics.js";
import { type CaseResult, lossReport, qualityReport, splitOf } from "./report.js";
import { PastWorkTracker } from "./tracker.js";

let REPO_NAME = "gantry";
/** Files of each answer kept for fitting (the API's most). */
const DUMP_FILES = 100;
const UPLOAD_CHARS = 2_500_000;
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const COMMITS = Number(option("--commits") ?? 120);
const TRACKERS = ({ both: ["past work", "empty"], "past-work": ["past work"], empty: ["empty"] } as const)[
  (option("--tracker") ?? "both") as "both"
];
if (!TRACKERS) throw new Error("--tracker is both, past-work or empty");

/** The files whose path the message names first, then those declaring a name it mentions (rarer names first). */
function mentionBaseline(message: string, graph: CodeGraph): string[] {
  const mentions = detectMentions(message);
  const score = new Map<string, number>();
  const bump = (path: string, s: number) => score.set(path, Math.max(score.get(path) ?? 0, s));
  for (const file of graph.files) {
    for (const m of mentions.paths) {
      const kind = pathMatches(m, file.path);
      if (kind === "file") bump(file.path, 2);
      else if (kind === "folder") bump(file.path, 0.2);
    }
  }
  const declared = new Map<string, Set<string>>();
  for (const s of graph.symbols) declared.set(s.name, (declared.get(s.name) ?? new Set()).add(s.path));
  for (const name of mentions.identifiers) {
    const where = declared.get(name);
    if (where) for (const path of where) bump(path, 1 / where.size);
  }
  return [...score.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([p]) => p);
}

/** The code at the current parent, in the benchmark's own indexes and uploaded to every service. */
class Mirror {
  readonly texts = new Map<string, string>();
  readonly lexical = new LexicalIndex();
  readonly indexer = new CodeIndexer({ repo: REPO_NAME });

  constructor(private readonly services: StartedService[]) {}

  async apply(all: FileChange[]): Promise<void> {
    // Binary content (a NUL byte: git's rule, the service's too) is refused by an upload: not sent.
    const changes = all.map((c) =>
      "content" in c && c.content.includes("\0") ? { path: c.path, deleted: true as const } : c,
    );
    for (const c of changes) {
      if ("deleted" in c) {
        this.texts.delete(c.path);
        this.lexical.delete(c.path);
      } else {
        this.texts.set(c.path, c.content);
        this.lexical.set(c.path, "file", [[c.content, 1]]);
      }
    }
    await this.indexer.update(changes);
    for (const svc of this.services) await upload(svc, changes);
  }
}

async function upload(svc: StartedService, changes: FileChange[]): Promise<void> {
  let batch: FileChange[] = [];
  let size = 0;
  const flush = async () => {
    if (!batch.length) return;
    const res = await svc.request("PUT", `/api/v1/code/repositories/${REPO_NAME}/files`, { files: batch });
    if (res.status !== 200) throw new Error(`upload: ${res.status} ${res.text.slice(0, 300)}`);
    batch = [];
    size = 0;
  };
  for (const c of changes) {
    batch.push(c);
    size += "content" in c ? c.content.length : 0;
    if (size > UPLOAD_CHARS) await flush();
  }
  await flush();
}

/** Registers the worktree as a watched folder, then times how long each new file takes to show in its file count. */
async function watchLatency(svc: StartedService, tree: string): Promise<number[]> {
  const name = "watched";
  await svc.post("/api/v1/code/repositories", { name, path: tree });
  const files = async () =>
    (await svc.get(`/api/v1/code/repositories/${name}`)).body as { status: string; files: number };
  while ((await files()).status !== "ready") await new Promise((r) => setTimeout(r, 50));
  const out: number[] = [];
  for (let i = 0; i < 7; i++) {
    const before = (await files()).files;
    const started = performance.now();
    writeFileSync(
      join(tree, `bench-watch-${i}.ts`),
      `export function benchWatch${i}(): number {\n  return ${i};\n}\n`,
    );
    while ((await files()).files === before) await new Promise((r) => setTimeout(r, 5));
    out.push(performance.now() - started);
  }
  return out;
}

/** A service under evaluation: with the tracker's past work (closed issues linked to code) or an empty tracker. */
interface Setting {
  name: "past work" | "empty";
  svc: StartedService;
  tracker: PastWorkTracker | null;
  latencies: number[];
}

/** One case's answer as fitting data: every file with its signals. */
export interface DumpedCase {
  repo: string;
  commit: string;
  split: string;
  order: number;
  setting: string;
  gold: string[];
  files: { path: string; score: number; signals: Record<string, number> }[];
}

async function evaluate(
  repo: string,
  dump: DumpedCase[],
  watch: boolean,
): Promise<{ lines: string[]; json: unknown }> {
  REPO_NAME = basename(repo).replace(/[^A-Za-z0-9_-]/g, "-");
  const cases = historyCases(repo, COMMITS);
  if (cases.length < 30)
    throw new Error(`only ${cases.length} commits qualify in ${repo}; the evaluation needs >= 30`);
  const tmp = mkdtempSync(join(tmpdir(), "bench-context-"));
  const tree = join(tmp, "tree");
  gitIn(repo, "worktree", "add", "--detach", "--quiet", tree, cases[0]!.parent);
  const settings: Setting[] = [];
  try {
    for (const name of TRACKERS) {
      // A larger tree than the default quota (Django with its translations: 18 MB of text).
      const svc = await startService({
        adapters: { embedder: new WordVectorEmbedder() },
        env: { CODE_MAX_REPO_BYTES: String(64 * 2 ** 20), CODE_MAX_TOTAL_BYTES: String(128 * 2 ** 20) },
      });
      settings.push({
        name,
        svc,
        tracker: name === "past work" ? new PastWorkTracker(svc, repo) : null,
        latencies: [],
      });
    }
    const source = new SourceTree(tree);
    const mirror = new Mirror(settings.map((s) => s.svc));
    const t0 = performance.now();
    await mirror.apply([...(await source.read())].map(([path, content]) => ({ path, content })));
    const coldMs = performance.now() - t0;
    let at = cases[0]!.parent;
    const rows: CaseResult[] = [];
    let pastIssues = 0;
    for (const c of cases) {
      if (c.parent !== at) {
        gitIn(tree, "checkout", "--detach", "--quiet", "-f", c.parent);
        const changes: FileChange[] = [];
        for (const path of changedBetween(repo, at, c.parent)) {
          const change = await source.change(path);
          if (!change || change === "dir") continue;
          if ("content" in change || mirror.texts.has(path)) changes.push(change);
        }
        await mirror.apply(changes);
        at = c.parent;
      }
      const message = `${c.subject}\n\n${c.body}`;
      const agent: Record<string, { scores: Scores; top: string[] }> = {};
      for (const setting of settings) {
        if (setting.tracker) pastIssues = await setting.tracker.showBefore(c.parent, c.subject);
        const { svc } = setting;
        const created = await svc.post("/api/v1/issues", issueFields(c.subject, c.body));
        if (created.status !== 201) throw new Error(`issue: ${created.status} ${created.text.slice(0, 200)}`);
        setting.tracker?.adopt(c.commit, created.body.id);
        const started = performance.now();
        const ctx = await svc.get(`/api/v1/agent/context/${created.body.id}?budget_tokens=4000&limit=20`);
        setting.latencies.push(performance.now() - started);
        const full = await svc.get(
          `/api/v1/agent/context/${created.body.id}?budget_tokens=200000&limit=${DUMP_FILES}`,
        );
        if (ctx.status !== 200 || full.status !== 200)
          throw new Error(`context: ${ctx.status} ${ctx.text.slice(0, 200)}`);
        if (ctx.body.used_tokens > 4000) throw new Error(`used_tokens ${ctx.body.used_tokens} > 4000`);
        const top = full.body.files.map((f: { path: string }) => f.path);
        agent[setting.name] = { scores: scoreRanking(top, c.gold), top: top.slice(0, 20) };
        dump.push({
          repo: REPO_NAME,
          commit: c.commit,
          split: splitOf(c.commit),
          order: rows.length,
          setting: setting.name,
          gold: c.gold,
          files: full.body.files.map((f: DumpedCase["files"][number]) => ({
            path: f.path,
            score: f.score,
            signals: f.signals,
          })),
        });
      }
      if (rows.length % 20 === 0) console.error(`${REPO_NAME}: case ${rows.length + 1}/${cases.length}`);
      const bm25Top = mirror.lexical.search(message, 20).map((h) => h.key);
      rows.push({
        c,
        agent,
        bm25: scoreRanking(bm25Top, c.gold),
        mention: scoreRanking(mentionBaseline(message, mirror.indexer.graph()), c.gold),
        bm25Top,
      });
    }
    const lines = [
      `commits: ${rows.length} (${rows[0]!.c.commit.slice(0, 7)}..${rows.at(-1)!.c.commit.slice(0, 7)}), files at the last parent: ${mirror.texts.size}, cold upload+index ${(coldMs / 1000).toFixed(1)} s` +
        (settings.some((s) => s.tracker)
          ? `; past work at the last case: ${pastIssues} closed issues (${settings.find((s) => s.tracker)!.tracker!.reopened} reopened on the way: other branches)`
          : ""),
      ...qualityReport(
        rows,
        settings.map((s) => s.name),
      ),
    ];
    for (const s of settings) {
      lines.push(
        `agent/context (${s.name}, budget 4000) latency p50 ${percentile(s.latencies, 50).toFixed(1)} ms, p95 ${percentile(s.latencies, 95).toFixed(1)} ms`,
      );
    }
    lines.push(
      `process RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB (${settings.length} services + the bench's own baseline indexer)`,
    );
    if (watch) {
      const reflect = await watchLatency(settings[0]!.svc, tree);
      lines.push(
        `one-file change on disk reflected (watcher + re-index, polled every 5 ms): median ${percentile(reflect, 50).toFixed(0)} ms, max ${Math.max(...reflect).toFixed(0)} ms over ${reflect.length} edits`,
      );
    }
    lines.push(...lossReport(rows, settings[0]!.name));
    return {
      lines,
      json: {
        repo: REPO_NAME,
        settings: settings.map((s) => ({ name: s.name, latencies: s.latencies })),
        cases: rows.map((r) => ({
          commit: r.c.commit,
          split: splitOf(r.c.commit),
          gold: r.c.gold,
          agent: r.agent,
          bm25: r.bm25,
          mention: r.mention,
          bm25Top: r.bm25Top.slice(0, 5),
        })),
      },
    };
  } finally {
    for (const s of settings) await s.svc.close();
    gitIn(repo, "worktree", "remove", "--force", tree);
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const here = gitIn(process.cwd(), "rev-parse", "--show-toplevel").trim();
  const repos = (option("--repos") ?? here).split(",").map((r) => resolve(r));
  const dump: DumpedCase[] = [];
  const results: unknown[] = [];
  for (const repo of repos) {
    const watch = repo === repos[0] && !process.argv.includes("--no-watch");
    const { lines, json } = await evaluate(repo, dump, watch);
    console.log(`\n## ${basename(repo)}\n${lines.join("\n")}`);
    results.push(json);
    // Written as each repository ends: a later one failing does not lose the earlier data.
    writeFileSync(join(here, "bench/results/context-signals.json"), JSON.stringify(dump));
  }
  writeFileSync(join(here, "bench/results/context.json"), `${JSON.stringify(results, null, 1)}\n`);
}

await main();
