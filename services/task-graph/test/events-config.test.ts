// The event stream's settings (README "Configuration"): defaults, and a clear error naming the
// variable for a value that cannot be used, before anything starts.
import { describe, expect, it } from "vitest";
import { readEventsConfig } from "../src/events-config.js";

describe("readEventsConfig", () => {
  it("defaults: 15 s heartbeat, 1 MiB per subscriber, 50 ms windows, sends made by the writer process at the service's priority", () => {
    expect(readEventsConfig({})).toEqual({
      heartbeatMs: 15_000,
      subscriberBufferBytes: 1024 * 1024,
      flushMs: 50,
      writer: "process",
      writerNiceness: 0,
    });
  });

  it("takes EVENTS_WRITER_NICE from 0 to 19 and refuses anything else by name", () => {
    expect(readEventsConfig({ EVENTS_WRITER_NICE: "0" }).writerNiceness).toBe(0);
    expect(readEventsConfig({ EVENTS_WRITER_NICE: "19" }).writerNiceness).toBe(19);
    for (const bad of ["20", "-1", "high"])
      expect(() => readEventsConfig({ EVENTS_WRITER_NICE: bad })).toThrow(/EVENTS_WRITER_NICE/);
  });

  it("takes EVENTS_WRITER=inline (the service's own loop) and refuses anything else by name", () => {
    expect(readEventsConfig({ EVENTS_WRITER: " inline " }).writer).toBe("inline");
    expect(() => readEventsConfig({ EVENTS_WRITER: "thread" })).toThrow(/EVENTS_WRITER "thread"/);
  });

  it("refuses a window or a bound that is not a whole number, naming the variable", () => {
    expect(() => readEventsConfig({ EVENTS_FLUSH_MS: "-1" })).toThrow(/EVENTS_FLUSH_MS/);
    expect(() => readEventsConfig({ EVENTS_SUBSCRIBER_BUFFER_BYTES: "0" })).toThrow(
      /EVENTS_SUBSCRIBER_BUFFER_BYTES/,
    );
    expect(readEventsConfig({ EVENTS_FLUSH_MS: "0" }).flushMs).toBe(0);
  });
});
