// Events, activity and notes (SPEC §2c): the stream's query and headers, an event as the stream
// and the activity list send it, and notes.
import { type Static, Type } from "@fastify/type-provider-typebox";
import { EVENT_TYPES, NOTE_KINDS } from "../ports/event-store.js";
import { ComponentSchema } from "./component.js";
import { CommaList, Id, PageQuery, StringEnum, Timestamp, TrimmedText, VisibleText } from "./common.js";
import { IssueSchema } from "./issue.js";

/** A Last-Event-ID: the id of the last event a client saw (a non-negative integer). */
const LastEventId = Type.String({
  pattern: "^[0-9]{1,15}$",
  description: "The id of the last event seen: the stream resumes after it.",
});

export const EventsQuery = Type.Object(
  {
    types: Type.Optional(
      CommaList(EVENT_TYPES, "Only these event types: a comma list, e.g. issue.created,issue.updated."),
    ),
    issue_id: Type.Optional({
      ...Id,
      description: "Only events about this issue (its own, and dependency events naming it either way).",
    }),
    last_event_id: Type.Optional({
      ...LastEventId,
      description:
        "Resume after this event id (as the Last-Event-ID header; the header wins when both are sent).",
    }),
  },
  { additionalProperties: false },
);

export const EventsHeaders = Type.Object({
  "last-event-id": Type.Optional({
    ...LastEventId,
    description:
      "Resume after this event id, from the retained window (EVENTS_RETAINED, default the last 10,000 events); an id older than the window, or one never given out, gets a first event `reset`.",
  }),
});

export const NoteSchema = Type.Object({
  id: Type.String(),
  issue_id: Type.String(),
  author: Type.String(),
  kind: StringEnum(NOTE_KINDS),
  text: Type.String(),
  created_at: Timestamp,
});

const Change = Type.Object({
  field: Type.String(),
  from: Type.Unknown({ description: "The value before (null where there was none)." }),
  to: Type.Unknown({ description: "The value after (null where there is none)." }),
});

export const EventSchema = Type.Object(
  {
    id: Type.Integer({
      minimum: 1,
      description: "Monotonic: every durable change has the next one, kept across restarts.",
    }),
    type: StringEnum(EVENT_TYPES),
    at: Timestamp,
    actor: Type.String({ description: "X-Agent of the request (a claim's agent), else anonymous." }),
    issue_id: Type.Optional(
      Type.String({ description: "The issue (the dependent one for dependency events)." }),
    ),
    depends_on_id: Type.Optional(Type.String({ description: "Dependency events: the prerequisite." })),
    component_id: Type.Optional(Type.String({ description: "Component events." })),
    repo: Type.Optional(Type.String({ description: "code.indexed: the repository." })),
    changes: Type.Optional(
      Type.Array(Change, {
        description: "Each field that changed, with its old and new value (updated_at left out).",
      }),
    ),
    issue: Type.Optional({ ...IssueSchema, description: "issue.created: the issue as created." }),
    component: Type.Optional({
      ...ComponentSchema,
      description: "component.created: the component as created.",
    }),
    note: Type.Optional({ ...NoteSchema, description: "note.added: the note." }),
  },
  { description: "A durable change, as the stream's `data:` and the activity list carry it." },
);
export type EventView = Static<typeof EventSchema>;

export const CreateNoteBody = Type.Object(
  {
    author: TrimmedText(100, "Who writes it."),
    kind: StringEnum(NOTE_KINDS, { description: "note | decision | reasoning | progress." }),
    text: VisibleText(20_000, "1..20,000 characters (grapheme clusters), not blank."),
  },
  { additionalProperties: false },
);
export type CreateNoteInput = Static<typeof CreateNoteBody>;

export const NotesQuery = Type.Object(
  {
    ...PageQuery,
    kind: Type.Optional(
      CommaList(NOTE_KINDS, "Only notes of these kinds: a comma list, e.g. decision,reasoning."),
    ),
  },
  { additionalProperties: false },
);

export const ActivityQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
