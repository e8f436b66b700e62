// Environment of the event stream (SPEC §2c), each listed with its default in the README.
// EVENTS_RETAINED (the window Last-Event-ID resumes from) is the graph store's: adapters/select.ts.
export interface EventsConfig {
  /** EVENTS_HEARTBEAT_MS: how often an idle stream gets a comment line (proxies keep it open). @default 15000 */
  heartbeatMs: number;
  /** EVENTS_SUBSCRIBER_BUFFER_BYTES: most bytes a subscriber may leave unread before it is cut off. @default 1 MiB */
  subscriberBufferBytes: number;
}

export function readEventsConfig(env: NodeJS.ProcessEnv): EventsConfig {
  return {
    heartbeatMs: positive(env, "EVENTS_HEARTBEAT_MS", 15_000, "milliseconds"),
    subscriberBufferBytes: positive(env, "EVENTS_SUBSCRIBER_BUFFER_BYTES", 1024 * 1024, "bytes"),
  };
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, unit: string): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new Error(`${name} "${env[name]}" is not a positive integer (${unit}).`);
  return Number(raw);
}
