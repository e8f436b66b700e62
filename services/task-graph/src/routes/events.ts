// GET /api/v1/events (Server-Sent Events) and GET /api/v1/issues/{id}/activity (SPEC §2c).
// The stream is opened only after the store answered (so a store that is down is a 503 like any
// other route, and a bad query a 400); then the reply is taken over (hijacked) and written by
// the event feed (domain/events/event-feed.ts): an opening comment, the events missed since
// Last-Event-ID (or a `reset`), then every durable change as it happens, a comment every
// EVENTS_HEARTBEAT_MS. The API key is checked like on every /api/v1 route, before the handler.

import type { Socket } from "node:net";
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { SocketWriter } from "../../../../lib/socket-writer/index.js";
import type { ActivityService } from "../domain/events/activity.js";
import type { EventFeed, EventSink } from "../domain/events/event-feed.js";
import { IdParams, ListEnvelope } from "../schemas/common.js";
import { ActivityQuery, EventSchema, EventsHeaders, EventsQuery } from "../schemas/event.js";
import { eventView } from "./event-view.js";
import { envelopeOf, pagingOf } from "./paging.js";

export interface EventRoutesOptions {
  feed: EventFeed;
  activity: ActivityService;
  /** Makes the streams' sends in a child process (EVENTS_WRITER=process); null: on this loop. */
  writer: SocketWriter | null;
}

const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // nginx and the like: pass each event on at once.
  "x-accel-buffering": "no",
};

export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (
  fastify,
  { feed, activity, writer },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/events",
    {
      schema: {
        tags: ["events"],
        operationId: "streamEvents",
        summary: "Server-Sent Events: every durable change, as it happens",
        description:
          "A text/event-stream of events (`id:` a monotonic integer kept across restarts, `event:` the type, `data:` the event as JSON). An event is sent once its change is durable; a refused write sends none. `Last-Event-ID` (or `last_event_id`) resumes after that id from the retained window; an id older than it gets a first event `reset` (its data: `requested`, `oldest`, `last`), after which reload what you show and go on. A comment line every 15 s keeps proxies open. A subscriber that leaves more than EVENTS_SUBSCRIBER_BUFFER_BYTES unread is cut off (reconnect with Last-Event-ID).",
        querystring: EventsQuery,
        headers: EventsHeaders,
        response: {
          200: {
            description: "The event stream (it does not end until the client or the service closes it).",
            content: { "text/event-stream": { schema: Type.String() } },
          },
          ...errorResponses(400, 503),
        },
      },
    },
    async (request, reply) => {
      const { types, issue_id, last_event_id } = request.query;
      const after = request.headers["last-event-id"] ?? last_event_id;
      const subscription = await feed.subscribe(
        { types: types?.length ? new Set(types) : null, issueId: issue_id ?? null },
        after === undefined ? null : Number(after),
      );
      const socket = openStream(reply);
      socket.once("close", () => subscription.close());
      subscription.attach(await sinkFor(socket, writer, request.log));
    },
  );

  app.get(
    "/issues/:id/activity",
    {
      schema: {
        tags: ["events"],
        operationId: "listIssueActivity",
        summary: "An issue's history: its events, newest first",
        description:
          "The events about the issue (its own, its dependencies both ways, its notes), newest first, as the event stream sends them; the newest 1,000 are kept.",
        params: IdParams,
        querystring: ActivityQuery,
        response: { 200: ListEnvelope(EventSchema), ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const page = await activity.of(request.params.id, paging.offset, paging.limit);
      return envelopeOf({ items: page.items.map(eventView), total: page.total }, paging);
    },
  );
};

/**
 * Takes the reply over and answers on the connection itself: the head (with what the hooks set,
 * CORS included), then a body delimited by the connection's end, so each hand-over of events is
 * one socket write (through the HTTP response each write costs a chunk header and a cork/uncork,
 * which with 200 subscribers was most of the stream's cost).
 */
function openStream(reply: FastifyReply): Socket {
  reply.hijack();
  const socket = reply.request.raw.socket;
  // Small writes go out at once: an event's latency is the point of the stream.
  socket.setNoDelay(true);
  const lines = ["HTTP/1.1 200 OK"];
  for (const [name, value] of Object.entries({ ...reply.getHeaders(), ...STREAM_HEADERS })) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
  }
  lines.push("connection: close", "", "");
  socket.write(lines.join("\r\n"));
  return socket;
}

/** The writer process's sink for the stream, else (none, or it cannot start) one on this loop. */
async function sinkFor(
  socket: Socket,
  writer: SocketWriter | null,
  log: FastifyBaseLogger,
): Promise<EventSink> {
  if (writer) {
    try {
      return await writer.adopt(socket);
    } catch (err) {
      log.warn({ err }, "event stream written from the service's loop: the writer process is not available");
    }
  }
  return sinkOf(socket);
}

function sinkOf(socket: Socket): EventSink {
  const gone = () => socket.destroyed || socket.writableEnded;
  return {
    write(chunk) {
      if (gone()) return 0;
      socket.write(chunk);
      return socket.writableLength;
    },
    untaken: () => (gone() ? 0 : socket.writableLength),
    drained() {
      return new Promise<void>((resolve) => {
        if (gone() || !socket.writableNeedDrain) return resolve();
        const done = () => {
          socket.off("drain", done);
          socket.off("close", done);
          resolve();
        };
        socket.on("drain", done);
        socket.on("close", done);
      });
    },
    close(why) {
      // Cut: drop the connection (what it holds unread goes with it); closing: end it cleanly.
      if (why === "cut") socket.destroy();
      else socket.end();
    },
  };
}
