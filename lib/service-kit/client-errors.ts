/**
 * What never reaches Fastify's routing (malformed HTTP, oversized headers, a request not received
 * in time) still gets our JSON error shape, written straight to the socket.
 */
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { httpError } from "./errors.js";
import { headersWereComplete, REQUEST_TIMEOUT_BODY } from "./request-timeout.js";

function rawErrorResponse(status: number, reason: string, body: string): string {
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

const MALFORMED = rawErrorResponse(
  400,
  "Bad Request",
  JSON.stringify(httpError("BAD_REQUEST", "Malformed HTTP request.").toJSON()),
);
const HEADERS_TOO_LARGE = rawErrorResponse(
  431,
  "Request Header Fields Too Large",
  JSON.stringify(httpError("HEADERS_TOO_LARGE").toJSON()),
);
const REQUEST_TIMEOUT = rawErrorResponse(408, "Request Timeout", REQUEST_TIMEOUT_BODY);
const LINGER_MS = 1000;

/** Fastify's clientErrorHandler (`this` is the app). */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    // A slow client is the client's problem: info, like any other refused request.
    const complete = headersWereComplete(socket);
    this.log.info(
      {
        code: "REQUEST_TIMEOUT",
        status: 408,
        remoteAddress: socket.remoteAddress,
        headersComplete: complete,
      },
      "request not received in full in time; connection closed",
    );
    // Without complete headers there is no request to answer: just close. Destroying at once
    // could reset the connection (unread bytes) and lose the answer; a client that keeps its side
    // open after the close is dropped a moment later.
    if (complete) socket.end(REQUEST_TIMEOUT);
    else socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
    return;
  }
  socket.end(err.code === "HPE_HEADER_OVERFLOW" ? HEADERS_TOO_LARGE : MALFORMED);
}
