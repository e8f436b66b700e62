// Notes on an issue (SPEC §2c): what agents and people record while working on it, of kind note,
// decision, reasoning or progress. A note is written with its note.added event, under the write
// lock like every write, and indexed for search once durable. Notes go with their issue.
import { randomUUID } from "node:crypto";
import { utcTimestamp } from "../../../../../lib/service-kit/index.js";
import type { NoteKind, NoteRecord } from "../../ports/event-store.js";
import type { Page } from "../../ports/graph-store.js";
import type { CreateNoteInput } from "../../schemas/event.js";
import type { DomainContext } from "../context.js";
import { issueNotFound } from "../errors.js";

export interface NoteListing {
  kinds?: NoteKind[];
  offset: number;
  limit: number;
}

export class NoteService {
  constructor(private readonly ctx: DomainContext) {}

  /** `input` trimmed and within its limits (the route's schema is the one place for them). */
  async add(issueId: string, input: CreateNoteInput, actor: string): Promise<NoteRecord> {
    const { store } = this.ctx;
    const { durable, note } = await this.ctx.lock.run(async () => {
      if (!(await store.getIssue(issueId))) throw issueNotFound(issueId);
      const now = utcTimestamp(this.ctx.now());
      const note: NoteRecord = {
        id: randomUUID(),
        issue_id: issueId,
        author: input.author,
        kind: input.kind,
        text: input.text,
        created_at: now,
      };
      const event = { type: "note.added" as const, at: now, actor, issue_id: issueId, note };
      return { ...(await this.ctx.lock.settle(store.addNote(note, event))), note };
    });
    if (!(await durable)) throw issueNotFound(issueId);
    await this.ctx.indexer.indexNotes([note]);
    return note;
  }

  /** The issue's notes, oldest first (404 for an unknown issue). */
  async list(issueId: string, listing: NoteListing): Promise<Page<NoteRecord>> {
    if (!(await this.ctx.store.getIssue(issueId))) throw issueNotFound(issueId);
    return this.ctx.store.listNotes(issueId, {
      ...(listing.kinds?.length ? { kinds: listing.kinds } : {}),
      offset: listing.offset,
      limit: listing.limit,
    });
  }
}
