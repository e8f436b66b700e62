// Optional API key (TASK_GRAPH_API_KEY): /api/v1/* needs it as Bearer token or X-API-Key;
// /health and /docs stay open. Compared in constant time.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { httpError } from "../../../../lib/service-kit/index.js";

const digest = (s: string) => createHash("sha256").update(s).digest();

export function requireApiKey(app: FastifyInstance, key: string): void {
  const expected = digest(key);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const header = request.headers.authorization;
    const bearer =
      typeof header === "string" && /^Bearer\s+/i.test(header)
        ? header.replace(/^Bearer\s+/i, "")
        : undefined;
    const raw = request.headers["x-api-key"];
    const given = bearer ?? (typeof raw === "string" ? raw : undefined);
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      throw httpError(
        "UNAUTHORIZED",
        given === undefined
          ? "An API key is required: send Authorization: Bearer <key> or X-API-Key: <key>."
          : "The API key is not valid.",
      );
    }
  });
}
