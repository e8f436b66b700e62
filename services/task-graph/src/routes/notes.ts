// /api/v1/issues/{id}/notes (SPEC §2c): notes of kind note, decision, reasoning or progress on
// an issue, searchable (`types: ["note"]`), gone with the issue.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { NoteService } from "../domain/notes/note-service.js";
import { AgentHeaders, IdParams, ListEnvelope } from "../schemas/common.js";
import { CreateNoteBody, NoteSchema, NotesQuery } from "../schemas/event.js";
import { agentOf } from "./actor.js";
import { envelopeOf, pagingOf } from "./paging.js";

export interface NoteRoutesOptions {
  notes: NoteService;
}

export const noteRoutes: FastifyPluginAsync<NoteRoutesOptions> = async (fastify, { notes }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["notes"];

  app.post(
    "/issues/:id/notes",
    {
      schema: {
        tags,
        operationId: "addNote",
        summary: "Add a note to an issue (note, decision, reasoning or progress)",
        description:
          '201 with the note. Recorded as a note.added event (actor: X-Agent, else the author); searchable with types ["note"]; listed by the issue\'s agent context when it is a decision.',
        params: IdParams,
        headers: AgentHeaders,
        body: CreateNoteBody,
        response: { 201: NoteSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const actor = agentOf(request) ?? request.body.author;
      return reply.code(201).send(await notes.add(request.params.id, request.body, actor));
    },
  );

  app.get(
    "/issues/:id/notes",
    {
      schema: {
        tags,
        operationId: "listNotes",
        summary: "An issue's notes, oldest first",
        params: IdParams,
        querystring: NotesQuery,
        response: { 200: ListEnvelope(NoteSchema), ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { kind } = request.query;
      const page = await notes.list(request.params.id, {
        ...(kind?.length ? { kinds: kind } : {}),
        offset: paging.offset,
        limit: paging.limit,
      });
      return envelopeOf(page, paging);
    },
  );
};
