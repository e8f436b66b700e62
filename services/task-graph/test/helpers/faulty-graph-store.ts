// Fault injection for outage tests: a real embedded store behind a switch that makes every
// call fail (backend down) or never answer (backend hanging).
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import type { GraphStore } from "../../src/ports/graph-store.js";

export type Fault = "none" | "down" | "hang";

export function faultyGraphStore(): { store: GraphStore; set(f: Fault): void } {
  const real = new EmbeddedGraphStore();
  let fault: Fault = "none";
  const store = new Proxy(real, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function" || prop === "init" || prop === "close") return value;
      return (...args: unknown[]) => {
        if (fault === "down") return Promise.reject(new Error("connection refused (injected)"));
        if (fault === "hang") return new Promise(() => {});
        return value.apply(target, args);
      };
    },
  });
  return { store, set: (f) => (fault = f) };
}
