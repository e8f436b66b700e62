// Automatic search indexing after every create, update and delete. The graph is the record of
// truth: an index that is down must not fail a write that is already durable, so failures are
// logged and the vector backend shows as degraded on /health.
import type { ComponentRecord, IssueRecord } from "../ports/graph-store.js";

/** What the search side offers (SearchService in src/domain/search). */
export interface SearchIndexer {
  indexIssue(issue: IssueRecord): Promise<void>;
  indexComponent(component: ComponentRecord): Promise<void>;
  remove(type: "issue" | "component", id: string): Promise<void>;
}

export interface IndexFailureLog {
  warn(obj: object, msg: string): void;
}

export class BestEffortIndexer implements SearchIndexer {
  constructor(
    private readonly target: SearchIndexer | null,
    private readonly timeoutMs: number,
    private readonly log: IndexFailureLog,
  ) {}

  indexIssue(issue: IssueRecord): Promise<void> {
    return this.attempt(`index issue ${issue.id}`, (t) => t.indexIssue(issue));
  }

  indexComponent(component: ComponentRecord): Promise<void> {
    return this.attempt(`index component ${component.id}`, (t) => t.indexComponent(component));
  }

  remove(type: "issue" | "component", id: string): Promise<void> {
    return this.attempt(`remove ${type} ${id} from the index`, (t) => t.remove(type, id));
  }

  private async attempt(what: string, op: (t: SearchIndexer) => Promise<void>): Promise<void> {
    if (!this.target) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        op(this.target),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${this.timeoutMs} ms`)),
            this.timeoutMs,
          );
        }),
      ]);
    } catch (err) {
      this.log.warn({ err }, `search indexing failed: ${what}`);
    } finally {
      clearTimeout(timer);
    }
  }
}
