// A stand-in embeddings endpoint for fitting the HTTP channel's weights where no embedding model
// can be downloaded (this machine reaches package registries only): an OpenAI-compatible
// `POST {url}/embeddings` on loopback, serving a sentence vector built from the word vectors we
// ship. Not a sentence model, and not the base channel's vector either: the plain mean of the
// text's known words' vectors (no frequency weights, the direction all texts share kept), so it
// measures what a second, weaker view of meaning adds. A real model (bench/e2e-search/README.md)
// is refitted with `EMBEDDINGS_URL=… EMBEDDINGS_MODEL=… npm run fit:e2e-search`.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { loadWordVectors, tokenize } from "../../lib/embedding/index.js";

export const STAND_IN_MODEL = "glove100-plain-mean";

export interface StandInEmbeddings {
  /** The base URL to set as EMBEDDINGS_URL (…/v1). */
  url: string;
  close(): Promise<void>;
}

/** The sum of the text's known words' unit vectors (zero for none): the client normalises it, a mean. */
function plainMean(text: string, table = loadWordVectors()): number[] {
  const out = new Float32Array(table.dimension);
  for (const token of tokenize(text)) {
    const row = table.rowOf(token);
    if (row !== undefined) table.addTo(out, row, 1);
  }
  return Array.from(out);
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the stand-in on an ephemeral loopback port. */
export async function startStandInEmbeddings(): Promise<StandInEmbeddings> {
  const table = loadWordVectors();
  const server = createServer(async (req, res) => {
    res.setHeader("content-type", "application/json");
    try {
      const { input } = JSON.parse(await body(req)) as { input: string[] | string };
      const texts = Array.isArray(input) ? input : [input];
      const data = texts.map((text, index) => ({ index, embedding: plainMean(text, table) }));
      res.end(JSON.stringify({ object: "list", data, model: STAND_IN_MODEL }));
    } catch (error) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: String(error) } }));
    }
  });
  // On a loaded machine the client can reuse a socket just as Node's 5 s keep-alive closes it
  // (ECONNRESET stopped a fit): the server never closes idle sockets, the client does.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
