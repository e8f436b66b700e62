// GET /agent/context/{issue_id} (SPEC §4): the code an agent needs for an issue, ranked and
// explained, with related issues, fitted into a token budget. The budget is counted with the
// o200k_base tokenizer over the compact JSON text of the whole answer (every field, the count
// itself included), so `used_tokens` is what a client pays to put the answer in a prompt.
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { tokenize } from "../../../../../lib/embedding/index.js";
import type { IssueRecord } from "../../ports/graph-store.js";
import type { AgentContextAnswer } from "../../schemas/agent-context.js";
import type { CodeWorkspace } from "../code/code-workspace.js";
import type { DomainContext } from "../context.js";
import { issueNotFound } from "../errors.js";
import type { SearchService } from "../search/index.js";
import { answerTokens } from "./answer-tokens.js";
import { repositoryFiles } from "./file-graph.js";
import { detectMentions } from "./mentions.js";
import { linesNaming, relevantSymbols, snippetOf } from "./outline.js";
import { type RelatedWork, relatedWork, SIMILAR_WORK } from "./past-work.js";
import { type RankedFile, rankFiles } from "./rank-files.js";
import { countPieces, type PieceCount } from "./token-count.js";

const TOKENIZER = "o200k_base" as const;

export const NO_CODE_INDEXED =
  "No code is indexed, so files is empty: add a repository (CODE_ROOTS, POST /api/v1/code/repositories or PUT /api/v1/code/repositories/{name}/files).";

export interface AgentContextRequest {
  budgetTokens: number;
  limit: number;
  repo?: string;
}

export type AgentContext = AgentContextAnswer;
type ContextFile = AgentContextAnswer["files"][number];
type RelatedIssue = AgentContextAnswer["related_issues"][number];
type Decision = AgentContextAnswer["decisions"][number];

/** Detail levels tried for a file, richest first, until it fits the budget. */
const DETAIL = [
  { symbols: 8, lines: 6, reasons: 6 },
  { symbols: 4, lines: 2, reasons: 3 },
  { symbols: 1, lines: 0, reasons: 1 },
] as const;
const SIMILAR_ISSUES = 5;
/** The latest decisions listed, and how much of each one's text. */
const DECISIONS = 5;
const DECISION_CHARS = 1000;
const QUERY_CHARS = 4000;

/** What of the issue's text decides a file's shown symbols and lines: its stemmed terms, its identifiers. */
interface IssueWords {
  terms: Set<string>;
  names: Set<string>;
  linePattern: RegExp | null;
}

/** Issue fields added by SPEC §4 links (optional on older records). */
type LinkedIssue = IssueRecord & { code_refs?: string[] };

export class AgentContextService {
  constructor(
    private readonly ctx: DomainContext,
    private readonly code: CodeWorkspace,
    private readonly search: SearchService,
  ) {}

  async context(issueId: string, request: AgentContextRequest): Promise<AgentContext> {
    const issue = (await this.ctx.store.getIssue(issueId)) as LinkedIssue | null;
    if (!issue) throw issueNotFound(issueId);
    await this.code.durable(request.repo);
    const views = this.code.views(request.repo);
    const warnings: string[] = [];
    const text = `${issue.title}\n${issue.description}`;
    const { related, work } = await this.#relatedIssues(
      issue,
      `${issue.title}\n${issue.description.slice(0, 500)}`,
    );
    const totalFiles = views.reduce((n, v) => n + v.graph.files.length, 0);
    for (const repo of this.code.live()) {
      if ((!request.repo || repo.name === request.repo) && repo.status === "indexing") {
        warnings.push(`repository "${repo.name}" is still being indexed; files may be missing`);
      }
    }
    let ranked: RankedFile[] = [];
    if (totalFiles === 0) {
      warnings.push(NO_CODE_INDEXED);
    } else {
      const component = issue.component_id ? await this.ctx.store.getComponent(issue.component_id) : null;
      const paths = (component as { paths?: string[] } | null)?.paths ?? [];
      const accept = (key: string) =>
        request.repo ? key.startsWith(`file:${request.repo}:`) : key.startsWith("file:");
      const query = text.slice(0, QUERY_CHARS);
      ranked = rankFiles(views, {
        mentions: detectMentions(text),
        codeRefs: issue.code_refs ?? [],
        related: work,
        component: component && paths.length ? { name: component.name, paths } : null,
        // BM25 over the files alone (not their statistics mixed with symbols' and issues'), and
        // the issue's own words: synonyms of a long message's every word only add noise here.
        lexical: relative(
          this.search.lexicalSearch(query, 100, {
            types: ["file"],
            accept,
            expand: false,
            typeStatistics: true,
          }),
          (k) => k.slice(5),
        ),
        // Meaning: the embedding of the title and the start of the description against the files'.
        semantic: await this.#semantic(`${issue.title}\n${issue.description.slice(0, 1000)}`, request.repo),
      });
      if (ranked.length === 0) {
        warnings.push(
          "nothing in the issue points at code (no path, identifier, code_ref, component path or shared word)",
        );
      }
    }
    const decisions = await this.#decisions(issue.id);
    return this.#fit(issue, ranked, { related, decisions }, warnings, request, text);
  }

  /** The issue's newest decisions (notes of kind decision), their text cut to DECISION_CHARS. */
  async #decisions(issueId: string): Promise<Decision[]> {
    const { items } = await this.ctx.store.listNotes(issueId, {
      kinds: ["decision"],
      newestFirst: true,
      offset: 0,
      limit: DECISIONS,
    });
    return items.map((n) => ({
      id: n.id,
      author: n.author,
      text: n.text.length > DECISION_CHARS ? `${n.text.slice(0, DECISION_CHARS - 1)}…` : n.text,
      created_at: n.created_at,
    }));
  }

  async #semantic(query: string, repo: string | undefined): Promise<Map<string, number>> {
    const hits = await this.search.vectorHits(query, 100, ["file"]);
    const prefix = repo ? `file:${repo}:` : "file:";
    return relative(
      hits.filter((h) => h.key.startsWith(prefix)),
      (k) => k.slice(5),
    );
  }

  /** Dependencies, then up to SIMILAR_ISSUES similar issues; and the work (code_refs) of both. */
  async #relatedIssues(
    issue: IssueRecord,
    text: string,
  ): Promise<{ related: RelatedIssue[]; work: RelatedWork[] }> {
    const deps = await this.ctx.store.dependenciesOf(issue.id);
    const ids = [...deps.depends_on, ...deps.blocks];
    // One search serves both: the first few similar issues are listed, more lend their code_refs.
    const similar = await this.search.answer({
      query: text.slice(0, QUERY_CHARS),
      types: ["issue"],
      limit: SIMILAR_WORK + SIMILAR_ISSUES + 1,
      snippets: false, // ids, titles and statuses only
    });
    const hits = similar.results.filter((h) => h.id !== issue.id);
    const records = new Map(
      (await this.ctx.store.getIssues([...ids, ...hits.map((h) => h.id)])).map((r) => [
        r.id,
        r as LinkedIssue,
      ]),
    );
    const out: RelatedIssue[] = [];
    const seen = new Set([issue.id]);
    const push = (id: string, relation: RelatedIssue["relation"]) => {
      const r = records.get(id);
      if (!r || seen.has(id)) return;
      seen.add(id);
      out.push({ id, title: r.title, status: r.status, relation });
    };
    for (const id of [...deps.depends_on].sort()) push(id, "depends_on");
    for (const id of [...deps.blocks].sort()) push(id, "blocks");
    for (const hit of hits) {
      if (out.length >= ids.length + SIMILAR_ISSUES) break;
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      const status = (hit.status ?? "OPEN") as IssueRecord["status"];
      out.push({ id: hit.id, title: hit.title, status, relation: "similar" });
    }
    const work = relatedWork(
      ids.flatMap((id) => records.get(id) ?? []),
      hits.flatMap((h) => {
        const record = records.get(h.id);
        return record ? [{ record, score: h.score }] : [];
      }),
    );
    return { related: out, work };
  }

  #fit(
    issue: IssueRecord,
    ranked: RankedFile[],
    { related, decisions }: { related: RelatedIssue[]; decisions: Decision[] },
    warnings: string[],
    request: AgentContextRequest,
    text: string,
  ): AgentContext {
    const budget = request.budgetTokens;
    const answer: AgentContext = {
      issue: { id: issue.id, title: issue.title, status: issue.status },
      tokenizer: TOKENIZER,
      budget_tokens: budget,
      used_tokens: budget, // a placeholder as long as the real count, for counting
      files: [],
      related_issues: related,
      decisions,
      truncated: false,
      warnings,
    };
    let used = countTokens(JSON.stringify(answer));
    // Related issues go before files only while they fit; otherwise drop them from the end.
    while (used > budget && answer.related_issues.length > 0) {
      answer.related_issues = answer.related_issues.slice(0, -1);
      answer.truncated = true;
      used = countTokens(JSON.stringify(answer));
    }
    // Then the oldest of the decisions listed.
    while (used > budget && answer.decisions.length > 0) {
      answer.decisions = answer.decisions.slice(0, -1);
      answer.truncated = true;
      used = countTokens(JSON.stringify(answer));
    }
    if (used > budget) used = fitHeader(answer, budget);
    const candidates = ranked.slice(0, request.limit);
    if (ranked.length > request.limit) answer.truncated = true;
    const names = detectMentions(text).identifiers;
    const words: IssueWords = {
      terms: new Set(tokenize(text, { stem: true })),
      names: new Set(names),
      linePattern: linesNaming(names),
    };
    const topPaths = new Set(candidates.map((f) => `${f.repo}:${f.path}`));
    const counted: PieceCount[] = [];
    for (const file of candidates) {
      let added = false;
      for (const detail of DETAIL) {
        const rendered = this.#render(file, detail, words, topPaths);
        const pieces = countPieces(JSON.stringify(rendered));
        // One more element of the array: its JSON plus a separating comma.
        const cost = pieces.tokens + 1;
        if (used + cost > budget) continue;
        answer.files.push(rendered);
        counted.push(pieces);
        used += cost;
        added = true;
        break;
      }
      if (!added) {
        answer.truncated = true;
        break;
      }
    }
    // The exact count of the final text (BPE may merge across the joins counted separately), from
    // the files' counts (answer-tokens.ts); the placeholder has at least as many digits as the
    // real count, so it never undercounts.
    answer.used_tokens = budget;
    let count = answerTokens(answer, counted);
    while (count > budget && answer.files.length > 0) {
      answer.files.pop();
      counted.pop();
      answer.truncated = true;
      count = answerTokens(answer, counted);
    }
    answer.used_tokens = selfCount(answer, count, budget);
    return answer;
  }

  #render(
    file: RankedFile,
    detail: (typeof DETAIL)[number],
    { terms, names, linePattern }: IssueWords,
    topPaths: Set<string>,
  ): ContextFile {
    const view = this.code.views(file.repo)[0]!;
    const rf = repositoryFiles(file.repo, view.graph);
    const usedElsewhere = new Set<string>();
    for (const [symbolId, fromFiles] of rf.referencedFrom.get(file.path) ?? []) {
      if (fromFiles.some((p) => topPaths.has(`${file.repo}:${p}`))) usedElsewhere.add(symbolId);
    }
    const input = {
      symbols: rf.symbolsOf.get(file.path) ?? [],
      named: new Set([...file.named, ...[...names].filter((n) => rf.declaredIn.get(n)?.has(file.path))]),
      terms,
      usedElsewhere,
      text: view.text(file.path),
      linePattern,
    };
    const symbols = relevantSymbols(input, detail.symbols);
    return {
      repo: file.repo,
      path: file.path,
      score: file.score,
      signals: file.signals,
      reasons: file.reasons.slice(0, detail.reasons),
      symbols,
      snippet: snippetOf(symbols, input, detail.lines),
    };
  }
}

/**
 * An issue header over the budget (a title of rare characters or emoji sequences: the minimum
 * budget holds 200 title tokens, schemas/agent-context.ts): the longest title prefix that fits,
 * ending in "…", then warnings dropped from the end but the first. Returns the answer's count.
 */
function fitHeader(answer: AgentContext, budget: number): number {
  answer.truncated = true;
  const title = [...new Intl.Segmenter().segment(answer.issue.title)].map((s) => s.segment);
  const cost = (graphemes: number) => {
    answer.issue.title = `${title.slice(0, graphemes).join("")}…`;
    return countTokens(JSON.stringify(answer));
  };
  let lo = 0;
  let hi = title.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (cost(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  let used = cost(lo);
  while (used > budget && answer.warnings.length > 1) {
    answer.warnings.pop();
    used = countTokens(JSON.stringify(answer));
  }
  return used;
}

/**
 * The token count of the answer with that very count written in it (a fixed point, found in a step
 * or two), from `count`, the answer's count as it stands (with `placeholder` as its used_tokens).
 */
function selfCount(answer: AgentContext, count: number, placeholder: number): number {
  // o200k cuts a run of digits into pieces of up to three, each one token, whatever surrounds it
  // (no pre-token mixes digits with anything else): a number's share of the count follows from its
  // digit count alone. A count with as many three-digit groups as the placeholder is exact as it
  // is, without encoding the whole answer again (test/context/agent-context.test.ts checks it).
  if (digitGroups(count) === digitGroups(placeholder)) {
    answer.used_tokens = count;
    return count;
  }
  for (let i = 0; i < 4; i++) {
    answer.used_tokens = count;
    const again = countTokens(JSON.stringify(answer));
    if (again === count) return count;
    count = again;
  }
  answer.used_tokens = count;
  return count;
}

const digitGroups = (n: number) => Math.ceil(String(n).length / 3);

/** Scores divided by the best one (so 1 is "the best match there is"), keyed by `keyOf`. */
function relative(
  hits: { key: string; score: number }[],
  keyOf: (key: string) => string,
): Map<string, number> {
  const best = hits.reduce((m, h) => Math.max(m, h.score), 0);
  const out = new Map<string, number>();
  if (best <= 0) return out;
  for (const h of hits) if (h.score > 0) out.set(keyOf(h.key), h.score / best);
  return out;
}
