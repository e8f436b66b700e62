// GET /board (SPEC §2d): the board's page and its two assets, built by `npm run build`
// (build/bundle-board.mjs). They are read once at start from the first folder that holds them:
// TASK_GRAPH_BOARD_DIR, ./board beside the running bundle (images, start-service.mjs), or
// dist/board of the checkout (tsx, tests). Served gzipped when the browser accepts it, under a
// Content-Security-Policy that allows only this origin's script: a description's HTML that got
// past the sanitiser still could not run. Outside the API: no key (the page asks for it itself).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";

export interface BoardRoutesOptions {
  /** The built board's folder. @default found as described above */
  dir?: string;
}

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const FILES: Record<string, [string, string]> = {
  "/board": ["index.html", "text/html; charset=utf-8"],
  "/board/assets/board.js": ["assets/board.js", "text/javascript; charset=utf-8"],
  "/board/assets/board.css": ["assets/board.css", "text/css; charset=utf-8"],
};

function findBoardDir(explicit?: string): string | undefined {
  if (explicit) return existsSync(join(explicit, "index.html")) ? explicit : undefined;
  const here = dirname(fileURLToPath(import.meta.url));
  // Beside the bundle's entry, or beside the chunk this route was split into.
  for (const beside of [join(here, "board"), join(here, "..", "board")]) {
    if (existsSync(join(beside, "index.html"))) return beside;
  }
  for (let dir = here; dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, "dist", "board", "index.html"))) return join(dir, "dist", "board");
  }
  return undefined;
}

export const boardRoutes: FastifyPluginAsync<BoardRoutesOptions> = async (app, opts) => {
  const dir = findBoardDir(opts.dir);
  const assets = new Map<string, Asset>();
  if (dir) {
    for (const [url, [file, type]] of Object.entries(FILES)) {
      const body = readFileSync(join(dir, file));
      assets.set(url, { type, body, gzip: gzipSync(body, { level: 9 }) });
    }
  } else {
    app.log.warn("board not built: GET /board answers 503 until `npm run build` writes dist/board");
  }
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const asset = assets.get(request.routeOptions.url ?? "");
    if (!asset) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send(
          "The board is not built: run `npm run build` (it writes dist/board), then restart the task graph.\n",
        );
    }
    const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    reply
      .type(asset.type)
      .header("content-security-policy", CSP)
      .header("x-content-type-options", "nosniff")
      .header("referrer-policy", "no-referrer")
      .header("vary", "accept-encoding")
      .header("cache-control", "no-cache");
    if (gzip) reply.header("content-encoding", "gzip");
    return reply.send(gzip ? asset.gzip : asset.body);
  };
  for (const url of Object.keys(FILES)) app.get(url, { schema: { hide: true } }, serve);
};
