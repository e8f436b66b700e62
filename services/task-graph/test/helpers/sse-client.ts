// A Server-Sent Events client over a real socket (node:http), for tests that read the event
// stream as a client does: it parses `id:`/`event:`/`data:` frames and comment lines as they
// arrive, and lets a test await the next event that matches, never a fixed delay.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { expect } from "vitest";

export interface SseEvent {
  id: string | undefined;
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: event data in tests is arbitrary JSON
  data: any;
}

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** Everything received so far. */
  events: SseEvent[];
  comments: string[];
  /** Resolves with the first event (from the start of the stream) past `after` that matches. */
  waitFor(match: (e: SseEvent) => boolean, what?: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves once `count` events were received (from the start of the stream). */
  waitForCount(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Resolves once a comment line containing `text` arrived. */
  waitForComment(text: string, timeoutMs?: number): Promise<string>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { accept: "text/event-stream", ...headers }, agent: false });
    req.on("error", reject);
    req.on("response", (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const wakers = new Set<() => void>();
      const wake = () => {
        for (const w of [...wakers]) w();
      };
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => {
        endedResolve = r;
      });
      let isEnded = false;
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        for (let at = buffer.indexOf("\n\n"); at >= 0; at = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          parseBlock(block, events, comments);
        }
        wake();
      });
      const finish = () => {
        isEnded = true;
        endedResolve();
        wake();
      };
      res.on("end", finish);
      res.on("close", finish);
      res.on("error", finish);

      const until = <T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> =>
        new Promise<T>((done, fail) => {
          const timer = setTimeout(() => {
            wakers.delete(tryNow);
            fail(new Error(`${what} did not arrive within ${timeoutMs} ms (got ${events.length} events)`));
          }, timeoutMs);
          function tryNow() {
            const found = check();
            if (found !== undefined) {
              clearTimeout(timer);
              wakers.delete(tryNow);
              done(found);
            } else if (isEnded) {
              clearTimeout(timer);
              wakers.delete(tryNow);
              fail(new Error(`the stream ended before ${what} arrived (got ${events.length} events)`));
            }
          }
          wakers.add(tryNow);
          tryNow();
        });

      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        waitFor: (match, what = "the event", timeoutMs = 10_000) =>
          until(() => events.find(match), what, timeoutMs),
        waitForCount: (count, timeoutMs = 10_000) =>
          until(
            () => (events.length >= count ? events.slice(0, count) : undefined),
            `${count} events`,
            timeoutMs,
          ),
        waitForComment: (text, timeoutMs = 10_000) =>
          until(() => comments.find((c) => c.includes(text)), `a comment "${text}"`, timeoutMs),
        ended,
        close: () => {
          req.destroy();
          res.destroy();
        },
      };
      resolve(stream);
    });
    req.end();
  });
}

function parseBlock(block: string, events: SseEvent[], comments: string[]): void {
  let id: string | undefined;
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) comments.push(line.slice(1).trim());
    else if (line.startsWith("id: ")) id = line.slice(4);
    else if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("data: ")) data.push(line.slice(6));
  }
  if (data.length === 0) return;
  events.push({ id, event, data: JSON.parse(data.join("\n")) });
}

/** The body of a stream that was refused (not 200): read whole, as JSON. */
export async function refusal(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers } });
  return { status: res.status, body: (await res.json()) as { code: string; error: string } };
}

/**
 * Streams a test opens, each live on return (200, and the opening comment seen: from there on
 * every durable change reaches it), closed together after each test.
 */
export function liveStreams() {
  const streams: SseStream[] = [];
  return {
    async open(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
      const stream = await openSse(url, headers);
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.waitForComment("stream open");
      return stream;
    },
    closeAll(): void {
      for (const s of streams.splice(0)) s.close();
    },
  };
}
