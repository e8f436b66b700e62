// The context an agent gets for an issue (SPEC §4: GET /api/v1/agent/context/{issue_id}, MCP
// get_issue_context). The ranking of code files (personalised PageRank over the code graph) is
// not built yet: until it is, the answer has the SPEC's shape with the issue, its related issues
// (depends_on / blocks) and empty `files`, and a warning saying why (no code indexed, or code
// indexed but not ranked yet). The helper building the ranking fills `files` here; the
// route and the MCP tool already call this service, so neither changes.
import type { AgentContextAnswer } from "../schemas/agent-context.js";
import type { DomainContext } from "./context.js";
import { issueNotFound } from "./errors.js";

const TOKENIZER = "o200k_base";

export interface AgentContextRequest {
  budgetTokens: number;
  /** Most files. */
  limit: number;
  /** Only files of this repository. */
  repo?: string;
}

export const NO_CODE_INDEXED =
  "No code is indexed, so files is empty: add a repository (CODE_ROOTS or POST /api/v1/code/repositories).";
export const CODE_NOT_RANKED =
  "Code is indexed but ranking files for an issue is not available in this version, so files is empty.";

export class AgentContextService {
  constructor(private readonly ctx: DomainContext) {}

  async context(issueId: string, request: AgentContextRequest): Promise<AgentContextAnswer> {
    const { store } = this.ctx;
    const issue = await store.getIssue(issueId);
    if (!issue) throw issueNotFound(issueId);
    const { depends_on, blocks } = await store.dependenciesOf(issueId);
    const byId = new Map((await store.getIssues([...depends_on, ...blocks])).map((i) => [i.id, i]));
    const related = (ids: string[], relation: "depends_on" | "blocks") =>
      ids.flatMap((id) => {
        const other = byId.get(id);
        return other ? [{ id, title: other.title, status: other.status, relation }] : [];
      });
    const code = request.repo ? await store.getRepository(request.repo) : await store.codeCounts();
    return {
      issue: { id: issue.id, title: issue.title, status: issue.status },
      tokenizer: TOKENIZER,
      budget_tokens: request.budgetTokens,
      used_tokens: 0,
      files: [],
      related_issues: [...related(depends_on, "depends_on"), ...related(blocks, "blocks")],
      truncated: false,
      warnings: [code && code.files > 0 ? CODE_NOT_RANKED : NO_CODE_INDEXED],
    };
  }
}
