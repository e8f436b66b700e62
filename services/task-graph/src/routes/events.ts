// GET /api/v1/events (Server-Sent Events) and GET /api/v1/issues/{id}/activity (SPEC §2c).
// The stream is opened only after the store answered (so a store that is down is a 503 like any
// other route, and a bad query a 400); then the reply is taken over (hijacked) and written by
// the event feed (domain/events/event-feed.ts): an opening comment, the events missed since
// Last-Event-ID (or a `reset`), then every durable change as it happens, a comment every
// EVENTS_HEARTBEAT_MS. The API key is checked like on every /api/v1 route, before the handler.
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { ActivityService } from "../domain/events/activity.js";
import type { EventFeed, EventSink } from "../domain/events/event-feed.js";
import { IdParams, ListEnvelope } from "../schemas/common.js";
import { ActivityQuery, EventSchema, EventsHeaders, EventsQuery } from "../schemas/event.js";
import { eventView } from "./event-view.js";
import { envelopeOf, pagingOf } from "./paging.js";

export interface EventRoutesOptions {
  feed: EventFeed;
  activity: ActivityService;
}

const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  // nginx and the like: pass each event on at once.
  "x-accel-buffering": "no",
};

export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (fastify, { feed, activity }) => {
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
      openStream(reply);
      const res = reply.raw;
      res.once("close", () => subscription.close());
      subscription.attach(sinkOf(reply));
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

/** Takes the reply over and sends the stream's head (with what the hooks set, CORS included). */
function openStream(reply: FastifyReply): void {
  reply.hijack();
  const res = reply.raw;
  // Small writes go out at once: an event's latency is the point of the stream.
  res.socket?.setNoDelay(true);
  const set = reply.getHeaders();
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(set)) if (value !== undefined) headers[name] = value;
  res.writeHead(200, { ...headers, ...STREAM_HEADERS });
}

function sinkOf(reply: FastifyReply): EventSink {
  const res = reply.raw;
  const gone = () => res.destroyed || res.writableEnded;
  return {
    write(chunk) {
      if (gone()) return 0;
      res.write(chunk);
      return res.writableLength;
    },
    drained() {
      return new Promise<void>((resolve) => {
        if (gone() || !res.writableNeedDrain) return resolve();
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
    },
    close(why) {
      // Cut: drop the connection (what it holds unread goes with it); closing: end it cleanly.
      if (why === "cut") res.destroy();
      else res.end();
    },
  };
}
