// Automatic search indexing after every create, update and delete. The graph is the record of
// truth: an index that is down must not fail a write that is already durable, so failures are
// logged and the vector backend shows as degraded on /health.
// Notes (SPEC §2c) are documents of type "note" (notes/note-document.ts); the indexer remembers
// each indexed note's issue, which search results name (a note is read through its issue).
import type { NoteRecord } from "../ports/event-store.js";
import type { ComponentRecord, IssueRecord } from "../ports/graph-store.js";
import { noteDocument } from "./notes/note-document.js";
import type { SearchDocument } from "./search/documents.js";

/** What the write paths index. */
export interface SearchIndexer {
  indexIssue(issue: IssueRecord): Promise<void>;
  indexComponent(component: ComponentRecord): Promise<void>;
  indexNotes(notes: NoteRecord[]): Promise<void>;
  remove(type: "issue" | "component" | "note", id: string): Promise<void>;
}

/** What the search side offers (SearchService in src/domain/search). */
export interface IndexTarget {
  indexIssue(issue: IssueRecord): Promise<void>;
  indexComponent(component: ComponentRecord): Promise<void>;
  indexDocuments(docs: SearchDocument[]): Promise<void>;
  remove(type: string, id: string): Promise<void>;
}

export interface IndexFailureLog {
  warn(obj: object, msg: string): void;
}

export class BestEffortIndexer implements SearchIndexer {
  /** note id → its issue id, for every note indexed. */
  readonly #noteIssues = new Map<string, string>();

  constructor(
    private readonly target: IndexTarget | null,
    private readonly timeoutMs: number,
    private readonly log: IndexFailureLog,
  ) {}

  indexIssue(issue: IssueRecord): Promise<void> {
    return this.attempt(`index issue ${issue.id}`, (t) => t.indexIssue(issue));
  }

  indexComponent(component: ComponentRecord): Promise<void> {
    return this.attempt(`index component ${component.id}`, (t) => t.indexComponent(component));
  }

  /** Several at once (embedded in batches). */
  indexNotes(notes: NoteRecord[]): Promise<void> {
    this.trackNotes(notes);
    const what = notes.length === 1 ? `index note ${notes[0]!.id}` : `index ${notes.length} notes`;
    return this.attempt(what, (t) => t.indexDocuments(notes.map(noteDocument)));
  }

  remove(type: "issue" | "component" | "note", id: string): Promise<void> {
    if (type === "note") this.#noteIssues.delete(id);
    return this.attempt(`remove ${type} ${id} from the index`, (t) => t.remove(type, id));
  }

  /** Remembers the issues of notes indexed by other means (the start-up build). */
  trackNotes(notes: NoteRecord[]): void {
    for (const n of notes) this.#noteIssues.set(n.id, n.issue_id);
  }

  /** The issue of an indexed note (search results name it). */
  issueOfNote(noteId: string): string | undefined {
    return this.#noteIssues.get(noteId);
  }

  private async attempt(what: string, op: (t: IndexTarget) => Promise<void>): Promise<void> {
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
