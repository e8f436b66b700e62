// The subscribers of bench/task-graph/events.ts, in a process of their own: reading 200 streams
// must not delay the writers' event loop (that would measure the benchmark, not the service). The
// first `probes` parse every event and time it; the others count frames with indexOf, on bare
// sockets (no HTTP parser: the same request, a cheaper reader). Times are epoch milliseconds
// (performance.timeOrigin + now()), comparable with the writers' in the parent process. Argument: JSON {url, count, probes}; IPC with the parent.
// The process stays up for the whole benchmark; "connect" opens the streams, "disconnect" closes
// them, so phases with and without subscribers can alternate quickly. Messages in: {type: "acks", items: [actor, sentMs, ackMs][]},
// {type: "report", events}, {type: "close"}; out: {type: "open"}, {type: "report", ...}.
import { request as httpRequest } from "node:http";
import { connect } from "node:net";

export interface Latency {
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  samples: number;
  /** Probe arrivals that came before the writer had its 2xx (counted as 0 ms). */
  before_ack: number;
}

/** What the process answers to "report" (events.ts imports the type: the file is run by path). */
export interface SubscriberReport {
  subscribers_short: number;
  subscribers_ended: number;
  ack_to_event: Latency;
  send_to_event: { p50_ms: number; p95_ms: number };
}

interface Setup {
  url: string;
  count: number;
  probes: number;
}

const { url, count, probes } = JSON.parse(process.argv[2]!) as Setup;
const port = {
  postMessage: (m: unknown) => process.send?.(m),
  on: (_event: "message", handler: (m: Message) => void) =>
    process.on("message", (m) => handler(m as Message)),
  close: () => process.disconnect?.(),
};

interface Message {
  type: string;
  items?: [string, number, number][];
  events?: number;
}
const now = () => performance.timeOrigin + performance.now();

interface Subscriber {
  events: number;
  ended: boolean;
  close(): void;
}

// ---- matching events to writes ----

/** actor → arrival times at probes, until its ack is known. */
const early = new Map<string, number[]>();
/** actor → [sent, ack], until every probe has seen its event. */
const acks = new Map<string, [number, number]>();
const seen = new Map<string, number>();
let ackToEvent: number[] = [];
let sendToEvent: number[] = [];
let beforeAck = 0;

function sample(actor: string, at: number, sent: number, ack: number): void {
  sendToEvent.push(at - sent);
  if (at < ack) beforeAck++;
  ackToEvent.push(Math.max(0, at - ack));
  const n = (seen.get(actor) ?? 0) + 1;
  if (n < probes) seen.set(actor, n);
  else {
    seen.delete(actor);
    acks.delete(actor);
  }
}

function arrived(actor: string, at: number): void {
  const ack = acks.get(actor);
  if (ack) {
    sample(actor, at, ack[0], ack[1]);
    return;
  }
  const list = early.get(actor);
  if (list) list.push(at);
  else early.set(actor, [at]);
}

function acked(actor: string, sent: number, ack: number): void {
  acks.set(actor, [sent, ack]);
  const list = early.get(actor);
  if (!list) return;
  early.delete(actor);
  for (const at of list) sample(actor, at, sent, ack);
}

// ---- the streams ----

const EVENT_LINE = Buffer.from("\nevent: ");
const ACTOR = '"actor":"';
/** One read buffer for every counting subscriber: a read's bytes are counted before the next read. */
const READ_BUFFER = Buffer.alloc(256 * 1024);

/**
 * A counting subscriber on a bare socket: the same request as the probes' (GET, Accept, Connection:
 * close), the answer read as bytes without an HTTP parser, into one shared buffer (`onread`: no
 * buffer per read, no stream machinery), so this process costs the shared cores as little as it
 * can. The head must be a 200; the frames are counted across read boundaries.
 */
function openCounter(): Promise<Subscriber> {
  const { hostname, port: tcpPort, host } = new URL(url);
  return new Promise((resolve, reject) => {
    let head = "";
    let opened = false;
    const frames = new FrameCounter();
    const socket = connect({
      port: Number(tcpPort),
      host: hostname,
      onread: {
        buffer: READ_BUFFER,
        // The buffer handed back is READ_BUFFER itself.
        callback: (bytes) => {
          let chunk = READ_BUFFER.subarray(0, bytes);
          if (!opened) {
            // Until the head is whole (it may come in pieces): it must say 200; what follows is body.
            head += chunk.toString("latin1");
            const end = head.indexOf("\r\n\r\n");
            if (end < 0) return true;
            if (!head.startsWith("HTTP/1.1 200 ")) {
              reject(new Error(`the stream answered ${head.split("\r\n")[0]}`));
              return true;
            }
            chunk = Buffer.from(head.slice(end + 4), "latin1");
            opened = true;
            resolve(sub);
          }
          sub.events += frames.count(chunk);
          return true;
        },
      },
    });
    const sub: Subscriber = { events: 0, ended: false, close: () => socket.destroy() };
    socket.on("error", reject);
    socket.write(
      `GET /api/v1/events HTTP/1.1\r\nHost: ${host}\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n`,
    );
    socket.on("close", () => {
      sub.ended = true;
    });
  });
}

/** Counts EVENT_LINE in a stream read in pieces, a marker cut by a read boundary included. */
class FrameCounter {
  /** The last bytes of the previous piece (fewer than a marker), and how many of them there are. */
  readonly #tail = Buffer.alloc(EVENT_LINE.length * 2);
  #tailLength = 0;

  count(piece: Buffer): number {
    const n = EVENT_LINE.length - 1;
    let found = 0;
    if (this.#tailLength > 0) {
      // The end of the last piece with the start of this one.
      const head = Math.min(n, piece.length);
      piece.copy(this.#tail, this.#tailLength, 0, head);
      if (this.#tail.subarray(0, this.#tailLength + head).includes(EVENT_LINE)) found++;
    }
    for (let k = piece.indexOf(EVENT_LINE); k >= 0; k = piece.indexOf(EVENT_LINE, k + 1)) found++;
    if (piece.length >= n) {
      this.#tailLength = piece.copy(this.#tail, 0, piece.length - n);
    } else {
      // A piece shorter than a marker: keep what is left of the old tail in front of it.
      const keep = Math.min(this.#tailLength, n - piece.length);
      this.#tail.copy(this.#tail, 0, this.#tailLength - keep, this.#tailLength);
      this.#tailLength = keep + piece.copy(this.#tail, keep);
    }
    return found;
  }
}

function open(probe: boolean): Promise<Subscriber> {
  if (!probe) return openCounter();
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/api/v1/events`, {
      agent: false,
      headers: { accept: "text/event-stream" },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      if (res.statusCode !== 200) return reject(new Error(`the stream answered ${res.statusCode}`));
      const sub: Subscriber = { events: 0, ended: false, close: () => req.destroy() };
      let opened = false;
      let buffer = "";
      res.on("data", (chunk: Buffer) => {
        if (!opened) {
          opened = true;
          resolve(sub);
        }
        const at = now();
        buffer += chunk.toString("utf8");
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          // The data's actor field ({"id":…,"type":…,"at":…,"actor":"w3-17",…}), without a JSON parse.
          const a = frame.indexOf(ACTOR);
          if (a < 0) continue;
          sub.events++;
          arrived(frame.slice(a + ACTOR.length, frame.indexOf('"', a + ACTOR.length)), at);
        }
      });
      const end = () => {
        sub.ended = true;
      };
      res.on("end", end);
      res.on("close", end);
    });
    req.end();
  });
}

let subs: Subscriber[] = [];

async function connectAll(): Promise<void> {
  subs = [];
  for (let k = 0; k < count; k += 50) {
    const batch = Array.from({ length: Math.min(50, count - k) }, (_, j) => open(k + j < probes));
    subs.push(...(await Promise.all(batch)));
  }
}

port.postMessage({ type: "ready" });

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const r2 = (x: number) => Math.round(x * 100) / 100;

port.on("message", async (message) => {
  if (message.type === "connect") {
    await connectAll();
    port.postMessage({ type: "open" });
  } else if (message.type === "disconnect") {
    for (const s of subs) s.close();
    subs = [];
    early.clear();
    acks.clear();
    seen.clear();
    port.postMessage({ type: "closed" });
  } else if (message.type === "acks") {
    for (const [actor, sent, ack] of message.items!) acked(actor, sent, ack);
  } else if (message.type === "report") {
    // Every subscriber must get every event: wait (at most 60 s) until they all counted them.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !subs.every((s) => s.events >= message.events!)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const ack = ackToEvent.sort((a, b) => a - b);
    const send = sendToEvent.sort((a, b) => a - b);
    port.postMessage({
      type: "report",
      subscribers_short: subs.filter((s) => s.events < message.events!).length,
      subscribers_ended: subs.filter((s) => s.ended).length,
      ack_to_event: {
        p50_ms: r2(percentile(ack, 50)),
        p95_ms: r2(percentile(ack, 95)),
        p99_ms: r2(percentile(ack, 99)),
        max_ms: r2(ack[ack.length - 1] ?? Number.NaN),
        samples: ack.length,
        before_ack: beforeAck,
      },
      send_to_event: { p50_ms: r2(percentile(send, 50)), p95_ms: r2(percentile(send, 95)) },
    });
    ackToEvent = [];
    sendToEvent = [];
    beforeAck = 0;
  } else if (message.type === "close") {
    for (const s of subs) s.close();
    port.close();
    process.exit(0);
  }
});
