// An HTTP proxy on loopback that forwards to a real service and breaks its answers on purpose:
// a status turned into another (201 → 200), a field dropped from a JSON body, a field's JSON type
// changed, a field set to another value (an unknown enum value), or a 500 instead of the answer.
// A suite that claims to check a contract must notice.

import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FaultKind =
  | { kind: "status"; from: number; to: number }
  | { kind: "drop-field"; field: string }
  | { kind: "retype-field"; field: string }
  /** The field's value replaced by `value` (an enum value the contract does not allow). */
  | { kind: "set-field"; field: string; value: unknown }
  | { kind: "error-500" };

export interface Fault {
  /** What the fault is, for reports: `POST /api/users: 201 → 200`. */
  name: string;
  method: string;
  /** Matched against the request's path (no query). */
  path: RegExp;
  fault: FaultKind;
}

export interface FaultProxy {
  url: string;
  /** The fault applied from now on (undefined: pass everything through unchanged). */
  set(fault: Fault | undefined): void;
  /** How many answers the current fault has changed. */
  hits(): number;
  close(): Promise<void>;
}

/** A value of another JSON type: strings become numbers, numbers strings, anything else a string. */
const retyped = (v: unknown): unknown =>
  typeof v === "string" ? v.length : typeof v === "number" ? String(v) : "changed";

/** Applies a field fault to every object in the body that has the field; true when one did. */
function editField(value: unknown, fault: FaultKind): boolean {
  if (Array.isArray(value)) return value.map((v) => editField(v, fault)).some(Boolean);
  if (typeof value !== "object" || value === null) return false;
  const obj = value as Record<string, unknown>;
  let changed = Object.values(obj)
    .map((v) => editField(v, fault))
    .some(Boolean);
  if (fault.kind === "drop-field" && fault.field in obj) {
    delete obj[fault.field];
    changed = true;
  }
  if (fault.kind === "retype-field" && fault.field in obj) {
    obj[fault.field] = retyped(obj[fault.field]);
    changed = true;
  }
  if (fault.kind === "set-field" && fault.field in obj) {
    obj[fault.field] = fault.value;
    changed = true;
  }
  return changed;
}

const readAll = async (stream: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  let current: Fault | undefined;
  let hits = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readAll(req);
    const path = (req.url ?? "/").split("?")[0] as string;
    const fault = current && current.method === req.method && current.path.test(path) ? current : undefined;
    const headers = { ...req.headers, host: target.host };
    const up = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      async (answer) => {
        let status = answer.statusCode ?? 502;
        // A stream that does not end (Server-Sent Events) is passed on as it comes, unchanged.
        if (/^text\/event-stream/i.test(String(answer.headers["content-type"] ?? ""))) {
          res.writeHead(status, answer.headers);
          answer.pipe(res);
          res.once("close", () => answer.destroy());
          return;
        }
        let payload = await readAll(answer);
        const out = { ...answer.headers };
        delete out["content-length"];
        delete out["transfer-encoding"];
        if (fault?.fault.kind === "error-500") {
          hits++;
          status = 500;
          payload = Buffer.from(JSON.stringify({ error: "Injected failure", code: "INTERNAL_ERROR" }));
          out["content-type"] = "application/json";
        } else if (fault?.fault.kind === "status" && status === fault.fault.from) {
          hits++;
          status = fault.fault.to;
        } else if (fault && payload.length > 0 && String(answer.headers["content-type"]).includes("json")) {
          const json = JSON.parse(payload.toString("utf8"));
          if (editField(json, fault.fault)) {
            hits++;
            payload = Buffer.from(JSON.stringify(json));
          }
        }
        res.writeHead(status, { ...out, "content-length": String(payload.length) });
        res.end(payload);
      },
    );
    up.on("error", (err) => {
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: `proxy: ${err.message}`, code: "BAD_GATEWAY" }));
    });
    up.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set(fault) {
      current = fault;
      hits = 0;
    },
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
