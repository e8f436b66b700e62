// A note as a search document (SPEC §2c: notes are searchable, `types: ["note"]`): its text is
// what is matched and cut into snippets; its kind is a word of it too, so "decision cache" finds
// the decisions about a cache first.
import type { NoteRecord } from "../../ports/event-store.js";
import type { SearchDocument } from "../search/documents.js";

const TITLE_CHARS = 80;

export function noteDocument(note: NoteRecord): SearchDocument {
  const firstLine = note.text.trim().split("\n", 1)[0] ?? "";
  const title = firstLine.length > TITLE_CHARS ? `${firstLine.slice(0, TITLE_CHARS - 1)}…` : firstLine;
  return {
    type: "note",
    id: note.id,
    title: `${note.kind}: ${title}`,
    text: note.text,
    fields: [
      [note.text, 1],
      [note.kind, 1],
    ],
    embedText: `${note.kind}\n${note.text}`,
  };
}
