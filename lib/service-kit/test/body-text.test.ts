// A JSON body is read as text while it arrives (body-text.ts): characters split across chunks
// stay whole, and Fastify's limits hold over a socket: the route's own limit, a Content-Length
// over it, and a chunked body that grows past it.
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendRaw } from "../../testing/raw-http.js";
import { readBodyText } from "../body-text.js";
import { createServiceApp, type ServiceApp } from "../create-app.js";
import { listen } from "../listen.js";

let app: ServiceApp;
let url: string;

beforeAll(async () => {
  app = await createServiceApp({ name: "body-test", version: "0.0.1", logger: false, bodyLimit: 64 * 1024 });
  const echo = async (req: { body: unknown }) => ({ got: req.body });
  app.post("/small", echo);
  app.post("/big", { bodyLimit: 4 * 1024 * 1024 }, echo);
  url = await listen(app, { port: 0, defaultPort: 0 });
});

afterAll(async () => {
  await app.close();
});

const post = (target: string, body: string, headers: Record<string, string> = {}) =>
  sendRaw(url, { method: "POST", target, headers: { "content-type": "application/json", ...headers }, body });

/** A chunked request, its body in the pieces given: no Content-Length for the server to check first. */
function chunked(target: string, pieces: string[]): string {
  const head = `POST ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`;
  const body = pieces.map((p) => `${Buffer.byteLength(p).toString(16)}\r\n${p}\r\n`).join("");
  return `${head}${body}0\r\n\r\n`;
}

describe("readBodyText", () => {
  it("keeps a character whose bytes are split across two chunks whole", async () => {
    const stream = new PassThrough();
    const text = readBodyText(stream, {}, 1024);
    const bytes = Buffer.from('{"w":"a€😀b"}');
    // Cut inside the euro sign's three bytes and inside the emoji's four.
    for (const [from, to] of [
      [0, 9],
      [9, 13],
      [13, bytes.length],
    ] as const)
      stream.write(bytes.subarray(from, to));
    stream.end();
    expect(await text).toBe('{"w":"a€😀b"}');
  });
});

describe("JSON bodies over a socket", () => {
  it("parses a body of many chunks with multi-byte characters as JSON.parse would, above the sliced-parse size", async () => {
    const value = {
      files: Array.from({ length: 3000 }, (_, i) => ({ path: `src/ß${i}.ts`, content: "€😀é".repeat(150) })),
    };
    const text = JSON.stringify(value);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024 * 2);
    const res = await post("/big", text);
    expect(res.status).toBe(200);
    expect(res.json.got).toEqual(value);
  });

  it("holds each route to its own limit", async () => {
    const body = JSON.stringify({ x: "y".repeat(100 * 1024) });
    expect((await post("/big", body)).status).toBe(200);
    const small = await post("/small", body);
    expect(small.status).toBe(413);
    expect(small.json.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a chunked body once it grows past the limit, with no Content-Length to check first", async () => {
    const pieces = Array.from({ length: 20 }, (_, i) => (i === 0 ? '{"x":"' : "z".repeat(8 * 1024)));
    const res = await sendRaw(url, chunked("/small", [...pieces, '"}']));
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("PAYLOAD_TOO_LARGE");
    const fits = await sendRaw(url, chunked("/small", ['{"x":', '"é', '"}']));
    expect(fits.status).toBe(200);
    expect(fits.json.got).toEqual({ x: "é" });
  });

  it("treats an empty or blank JSON body as no body and refuses malformed JSON with 400", async () => {
    const blank = await post("/small", "  ");
    expect(blank.status).toBe(200);
    expect(blank.json).toEqual({});
    const bad = await post("/small", '{"x": ');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("INVALID_JSON");
  });
});
