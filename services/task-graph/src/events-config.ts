// Environment of the event stream (SPEC §2c), each listed with its default in the README.
// EVENTS_RETAINED (the window Last-Event-ID resumes from) is the graph store's: adapters/select.ts.
export interface EventsConfig {
  /** EVENTS_HEARTBEAT_MS: how often an idle stream gets a comment line (proxies keep it open). @default 15000 */
  heartbeatMs: number;
  /** EVENTS_SUBSCRIBER_BUFFER_BYTES: most bytes a subscriber may leave unread before it is cut off. @default 1 MiB */
  subscriberBufferBytes: number;
  /**
   * EVENTS_FLUSH_MS: shortest time between two hand-overs of events to the subscribers (the first
   * after a quiet spell goes at once); bounds the writes per subscriber under load. @default 50
   */
  flushMs: number;
  /**
   * EVENTS_WRITER: "process" (the streams' sends are made by a child process: lib/socket-writer)
   * or "inline" (by the service's own loop). @default "process"
   */
  writer: "process" | "inline";
  /**
   * EVENTS_WRITER_NICE: how many nice steps below the service the writer process runs (0..19):
   * where the cores are busy, answering writes goes first and the streams' sends take what is
   * left. 0 by default: on the benchmark 10 steps showed no throughput gain within its noise and
   * left event latency spikes (bench/results/events.md, 2026-11-29 08:00). @default 0
   */
  writerNiceness: number;
}

export function readEventsConfig(env: NodeJS.ProcessEnv): EventsConfig {
  return {
    heartbeatMs: positive(env, "EVENTS_HEARTBEAT_MS", 15_000, "milliseconds"),
    subscriberBufferBytes: positive(env, "EVENTS_SUBSCRIBER_BUFFER_BYTES", 1024 * 1024, "bytes"),
    flushMs: nonNegative(env, "EVENTS_FLUSH_MS", 50),
    writer: writerOf(env),
    writerNiceness: niceness(env),
  };
}

function writerOf(env: NodeJS.ProcessEnv): EventsConfig["writer"] {
  const raw = env.EVENTS_WRITER?.trim() || "process";
  if (raw !== "process" && raw !== "inline")
    throw new Error(`EVENTS_WRITER "${env.EVENTS_WRITER}" is not "process" or "inline".`);
  return raw;
}

function niceness(env: NodeJS.ProcessEnv): number {
  const raw = env.EVENTS_WRITER_NICE?.trim();
  if (!raw) return 0;
  if (!/^\d+$/.test(raw) || Number(raw) > 19)
    throw new Error(`EVENTS_WRITER_NICE "${env.EVENTS_WRITER_NICE}" is not an integer from 0 to 19.`);
  return Number(raw);
}

function nonNegative(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw))
    throw new Error(`${name} "${env[name]}" is not a non-negative integer (milliseconds).`);
  return Number(raw);
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, unit: string): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new Error(`${name} "${env[name]}" is not a positive integer (${unit}).`);
  return Number(raw);
}
