// A real HTTP(S) server on an ephemeral loopback port, recording what it received.

import { once } from "node:events";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer, type ServerOptions } from "node:https";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** Whether the TLS client presented a certificate the server trusted. */
  authorized?: boolean;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

export interface TestServer {
  url: string;
  received: ReceivedRequest[];
  connections: number;
  close(): Promise<void>;
}

export async function startServer(handler: Handler, tls?: ServerOptions): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const listener = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const socket = req.socket as { authorized?: boolean };
    received.push({
      method: req.method!,
      url: req.url!,
      headers: req.headers,
      body,
      authorized: socket.authorized,
    });
    await handler(req, res, body);
  };
  const server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  const state = { connections: 0 };
  server.on(tls ? "secureConnection" : "connection", () => state.connections++);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    received,
    get connections() {
      return state.connections;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
