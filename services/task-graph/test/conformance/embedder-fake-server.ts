// A local OpenAI-compatible embeddings endpoint (node:http on 127.0.0.1, ephemeral port) — the
// one stand-in the test suites use, because no real embeddings service can run here. It embeds
// with the hashing embedder and scales the result by 3, so clients must normalise themselves.
// It records every request, and can be told to fail, stall or answer malformed JSON.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";

export type FakeMode = "ok" | "unauthorized" | "server-error" | "stall" | "malformed" | "shuffled";

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; input?: string[]; dimensions?: number };
}

export interface FakeEmbeddingsServer {
  url: string;
  requests: RecordedRequest[];
  mode: FakeMode;
  close(): Promise<void>;
}

export async function startFakeEmbeddingsServer(dimension = 64): Promise<FakeEmbeddingsServer> {
  const embedder = new HashingEmbedder({ dimension });
  const state: FakeEmbeddingsServer = { url: "", requests: [], mode: "ok", close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || "{}");
    state.requests.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
    };
    if (req.method !== "POST" || req.url !== "/v1/embeddings")
      return send(404, { error: { message: "not found" } });
    switch (state.mode) {
      case "unauthorized":
        return send(401, { error: { message: "Incorrect API key provided" } });
      case "server-error":
        return send(500, { error: { message: "model crashed" } });
      case "stall":
        return; // never answers; the client's deadline must fire
      case "malformed":
        return send(200, { data: [{ index: 0, embedding: "nope" }] });
    }
    const input: string[] = body.input ?? [];
    const data = input.map((text, index) => ({
      object: "embedding",
      index,
      embedding: Array.from(embedder.embedSync(text), (x) => x * 3),
    }));
    if (state.mode === "shuffled") data.reverse();
    send(200, { object: "list", data, model: body.model, usage: { prompt_tokens: 0, total_tokens: 0 } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}
