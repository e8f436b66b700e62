/**
 * REQUEST_TIMEOUT_MS bounds the time to receive a whole request (headers and body), so a client
 * dribbling bytes cannot hold a connection and its buffers for ever. Node's HTTP server enforces
 * it; we only tune how often it checks and answer the timeout in our JSON shape.
 */
import type { Socket } from "node:net";
import { httpError } from "./errors.js";

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export function resolveRequestTimeout(env: NodeJS.ProcessEnv): number {
  const raw = env.REQUEST_TIMEOUT_MS?.trim();
  if (raw === undefined || raw === "") return DEFAULT_REQUEST_TIMEOUT_MS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new Error(
      `REQUEST_TIMEOUT_MS "${env.REQUEST_TIMEOUT_MS}" is not a positive integer (milliseconds to receive a whole request).`,
    );
  }
  return Number(raw);
}

/** Options for http.createServer: Node checks open requests every interval (30 s by default). */
export function requestTimeoutServerOptions(timeoutMs: number) {
  return {
    headersTimeout: timeoutMs,
    requestTimeout: timeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(25, Math.floor(timeoutMs / 10))),
  };
}

/**
 * The request's headers were complete when Node had already created its response object (the
 * socket's in-flight `_httpMessage`); before that there is no request to answer.
 */
export function headersWereComplete(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return inFlight !== undefined && inFlight !== null && inFlight.headersSent !== true;
}

export const REQUEST_TIMEOUT_BODY = JSON.stringify(
  httpError(
    "REQUEST_TIMEOUT",
    "The request was not received in full in time; the connection is closed.",
  ).toJSON(),
);
