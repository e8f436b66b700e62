// Literal HTTP/1.1 over a TCP socket: what an HTTP client library would normalise away (encoded
// letters, absolute-form and asterisk-form targets, dot segments, slow bodies) reaches the server
// exactly as written.
import { connect, type Socket } from "node:net";

export interface RawResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field
  json: any;
}

export interface RawRequest {
  method: string;
  /** The request target exactly as it goes on the request line. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The request's bytes: request line, Host, Connection: close, the headers, the body. */
function rawRequestText({ method, target, headers = {}, body }: RawRequest): string {
  const lines = [`${method} ${target} HTTP/1.1`, "Host: localhost", "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join("\r\n")}\r\n\r\n${body ?? ""}`;
}

/** Sends one request on a new connection and reads the answer until the server closes it. */
export function sendRaw(baseUrl: string, request: RawRequest | string): Promise<RawResponse> {
  const text = typeof request === "string" ? request : rawRequestText(request);
  return new Promise((resolve, reject) => {
    const socket = openSocket(baseUrl);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (err) {
        reject(err);
      }
    });
    // Not end(): a half-closed socket may be dropped before a slow handler answers.
    socket.write(text);
  });
}

export function openSocket(baseUrl: string): Socket {
  const { hostname, port } = new URL(baseUrl);
  return connect(Number(port), hostname.replace(/^\[|\]$/g, ""));
}

/** Parses one HTTP/1.1 response (Content-Length, chunked, or read to close). */
export function parseResponse(raw: Buffer): RawResponse {
  const headEnd = raw.indexOf("\r\n\r\n");
  if (headEnd < 0) {
    throw new Error(
      `No complete HTTP response head in ${JSON.stringify(raw.toString("latin1").slice(0, 200))}`,
    );
  }
  const [statusLine, ...headerLines] = raw.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1]);
  if (!Number.isInteger(status)) throw new Error(`Not an HTTP status line: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = raw.subarray(headEnd + 4);
  const chunked = headers["transfer-encoding"]?.toLowerCase() === "chunked";
  const body = (chunked ? dechunk(rest) : rest).toString("utf8");
  let json: unknown;
  try {
    json = body === "" ? undefined : JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status, headers, body, json };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = data;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}

export interface Dribbled {
  /** Everything the server sent. */
  received: Buffer;
  /** From the first byte sent to the server closing the connection. */
  elapsedMs: number;
}

/** Sends `head` at once, then `body` one character every `everyMs`, until the server closes. */
export function dribble(baseUrl: string, head: string, body: string, everyMs: number): Promise<Dribbled> {
  return new Promise((resolve, reject) => {
    const socket = openSocket(baseUrl);
    const chunks: Buffer[] = [];
    const started = Date.now();
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < body.length && socket.writable) socket.write(body[sent++]!);
    }, everyMs);
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ received: Buffer.concat(chunks), elapsedMs: Date.now() - started });
    });
    socket.write(head);
  });
}

/** A CORS preflight for `method` on `target` from `origin`, asking to send `requestHeaders`. */
export function preflight(
  baseUrl: string,
  {
    target,
    origin,
    method = "POST",
    requestHeaders,
  }: { target: string; origin: string; method?: string; requestHeaders: string },
): Promise<RawResponse> {
  return sendRaw(baseUrl, {
    method: "OPTIONS",
    target,
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": method,
      "Access-Control-Request-Headers": requestHeaders,
    },
  });
}
