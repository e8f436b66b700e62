// What one call makes that another needs (controller/src/generate/creators.ts), on an API that
// none of the generator's code names: albums made from a server folder (read-only) or by their
// first upload (an upsert PUT, said in its summary), and photos looked up by query. The suite
// generated from its manifest runs with `e2e run` against a real server that behaves that way:
// the upload gets a fresh album (a folder-backed one answers 409), a tag PUT documented 201
// gets a fresh tag on an album that exists (its last parameter is what it makes), the photo
// lookup reads what the upload sent and answered, and the unknown-id module leaves the upsert
// out (it creates).

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { makeProject, type Project, runCli } from "../helpers/project.js";

const str = (name: string, constraints: object = {}, description?: string) => ({
  name,
  type: "string",
  required: true,
  constraints,
  ...(description ? { description } : {}),
});
const int = (name: string) => ({ name, type: "integer", required: true, constraints: {} });
const dto = (name: string, fields: object[]) => ({ name, file: "app.js", line: 1, fields });
const SLUG = {
  name: "slug",
  in: "path",
  type: "string",
  required: true,
  constraints: { pattern: "^[a-z0-9-]{1,60}$" },
};
const endpoint = (method: string, path: string, extra: object) => ({
  id: `${method} ${path}`,
  method,
  path,
  handler: "h",
  file: "app.js",
  line: 1,
  params: [],
  ...extra,
});

const MANIFEST = {
  version: 1,
  generated_at: "2026-11-27T00:00:00.000",
  services: [
    {
      name: "albums",
      root: "api",
      frameworks: ["express"],
      endpoints: [
        endpoint("POST", "/api/albums", {
          summary: "Make an album of a folder on the server",
          request: "NewAlbum",
          responses: [{ status: 201, dto: "Album" }],
        }),
        endpoint("GET", "/api/albums/{slug}", { params: [SLUG], responses: [{ status: 200, dto: "Album" }] }),
        endpoint("PUT", "/api/albums/{slug}/cover", {
          summary: "Set an album's cover photo",
          params: [SLUG],
          request: "Cover",
          responses: [{ status: 200, dto: "Album" }],
        }),
        endpoint("PUT", "/api/albums/{slug}/photos", {
          summary: "Add or remove photos (the album is created on first upload)",
          params: [SLUG],
          request: "PhotoUpload",
          responses: [{ status: 200, dto: "UploadResult" }],
        }),
        // An upsert by its documented 201: the tag (its last parameter) is made, the album must exist.
        endpoint("PUT", "/api/albums/{slug}/tags/{tag}", {
          summary: "Tag an album",
          params: [SLUG, { name: "tag", in: "path", type: "string", required: true, constraints: {} }],
          responses: [{ status: 201, dto: "Tagged" }],
        }),
        endpoint("GET", "/api/photos", {
          params: [
            { name: "file", in: "query", type: "string", required: true, constraints: { minLength: 1 } },
            { name: "album", in: "query", type: "string", required: false, constraints: {} },
          ],
          responses: [{ status: 200, dto: "Photo" }],
        }),
      ],
      dtos: [
        dto("Album", [
          str("slug"),
          { ...str("folder", { nullable: true }), description: "null for an album filled by uploads" },
          int("photos"),
        ]),
        dto("Cover", [str("file")]),
        dto("NewAlbum", [str("slug", { pattern: "^[a-z0-9-]{1,60}$" }), str("folder")]),
        dto("Photo", [str("album"), str("file"), int("bytes")]),
        dto("PhotoFile", [str("file", {}, "relative to the album"), str("data")]),
        dto("PhotoRemoval", [
          str("file", {}, "relative to the album"),
          { name: "removed", type: "true", required: true, constraints: {} },
        ]),
        dto("PhotoUpload", [
          {
            name: "photos",
            type: "(PhotoFile | PhotoRemoval)[]",
            required: true,
            constraints: { minItems: 1 },
          },
        ]),
        dto("Tagged", [str("album"), str("tag")]),
        dto("UploadResult", [str("album"), int("photos")]),
      ],
      types: [],
    },
  ],
};

interface Album {
  slug: string;
  folder: string | null;
  photos: Map<string, string>;
}

/** The albums API: a folder-backed album refuses uploads (409); the first upload makes an album. */
function albumsApi() {
  const albums = new Map<string, Album>();
  const view = (a: Album) => ({ slug: a.slug, folder: a.folder, photos: a.photos.size });
  const isText = (v: unknown): v is string => typeof v === "string" && v.length > 0;
  return (req: { method?: string; url?: string }, res: Parameters<typeof sendJson>[0], text: string) => {
    const url = new URL(req.url ?? "/", "http://x");
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const bad = () => sendJson(res, 400, { code: "VALIDATION" });
    if (url.pathname === "/health") return sendJson(res, 200, { status: "ok" });
    if (req.method === "POST" && url.pathname === "/api/albums") {
      if (!isText(body.slug) || !/^[a-z0-9-]{1,60}$/.test(body.slug) || !isText(body.folder)) return bad();
      if (albums.has(body.slug)) return sendJson(res, 409, { code: "EXISTS" });
      const a = { slug: body.slug, folder: body.folder, photos: new Map() };
      albums.set(a.slug, a);
      return sendJson(res, 201, view(a));
    }
    if (req.method === "GET" && url.pathname === "/api/photos") {
      const file = url.searchParams.get("file");
      const album = url.searchParams.get("album");
      for (const a of albums.values())
        if ((album === null || a.slug === album) && file !== null && a.photos.has(file))
          return sendJson(res, 200, { album: a.slug, file, bytes: a.photos.get(file)?.length });
      return sendJson(res, 404, { code: "NOT_FOUND" });
    }
    const tagged = /^\/api\/albums\/([^/]+)\/tags\/([^/]+)$/.exec(url.pathname);
    if (req.method === "PUT" && tagged) {
      const [album, tag] = [tagged[1], tagged[2]].map((x) => decodeURIComponent(x as string));
      if (!albums.has(album as string)) return sendJson(res, 404, { code: "NOT_FOUND" });
      return sendJson(res, 201, { album, tag });
    }
    const m = /^\/api\/albums\/([^/]+)(?:\/(cover|photos))?$/.exec(url.pathname);
    if (!m) return sendJson(res, 404, { code: "NOT_FOUND" });
    const slug = decodeURIComponent(m[1] as string);
    const a = albums.get(slug);
    if (req.method === "GET" && !m[2]) return a ? sendJson(res, 200, view(a)) : sendJson(res, 404, {});
    if (req.method === "PUT" && m[2] === "cover") {
      if (!isText(body.file)) return bad();
      return a ? sendJson(res, 200, view(a)) : sendJson(res, 404, { code: "NOT_FOUND" });
    }
    if (req.method === "PUT" && m[2] === "photos") {
      const items = body.photos;
      const valid = (p: Record<string, unknown>) => isText(p.file) && (isText(p.data) || p.removed === true);
      if (!Array.isArray(items) || items.length === 0 || !items.every(valid)) return bad();
      if (a?.folder) return sendJson(res, 409, { code: "READ_ONLY" });
      const target = a ?? { slug, folder: null, photos: new Map<string, string>() };
      albums.set(slug, target);
      for (const p of items as Record<string, string>[])
        if (p.removed) target.photos.delete(p.file as string);
        else target.photos.set(p.file as string, p.data as string);
      return sendJson(res, 200, { album: slug, photos: target.photos.size });
    }
    return sendJson(res, 405, { code: "METHOD" });
  };
}

let api: TestServer;
let project: Project;
/** The generated module whose file name ends `_<suffix>.ts` (its number is the generator's order). */
const moduleText = (suffix: string) => {
  const dir = join(project.dir, "services/albums/modules");
  const name = readdirSync(dir).find((f) => new RegExp(`^\\d+_${suffix}\\.ts$`).test(f));
  if (!name) throw new Error(`no module *_${suffix}.ts in ${readdirSync(dir).join(", ")}`);
  return readFileSync(join(dir, name), "utf8");
};

beforeAll(async () => {
  api = await startServer(albumsApi());
  project = makeProject({
    "manifest.json": JSON.stringify(MANIFEST),
    "e2e.conf": `general:\n  environment: dev\n  timeout: 15000\nservices:\n  albums:\n    base_url: ${api.url}\n    health_endpoint: /health\n    required: true\n`,
  });
  const r = await runCli(["generate-tests", "--service", "albums", "--manifest", "manifest.json"], {
    cwd: project.dir,
  });
  if (r.code !== 0) throw new Error(`generate-tests: ${r.stderr}`);
}, 120_000);

afterAll(async () => {
  project?.remove();
  await api?.close();
});

describe("generate-tests: what one call makes that another needs", () => {
  it("gives an upsert PUT a fresh key, and reads a lookup's query from the call that made it", () => {
    const upload = moduleText("put_api_albums_by_slug_photos");
    expect(upload).toContain("// PUT creates it");
    expect(upload).not.toContain("newAlbum(");
    // Its last parameter is what an upsert makes; the ones before it name what must exist.
    const tag = moduleText("put_api_albums_by_slug_tags_by_tag");
    expect(tag).toContain("const slugArg = (await newAlbum(page)).slug;");
    expect(tag).toMatch(/const tagArg = .*; \/\/ PUT creates it/);
    const lookup = moduleText("get_api_photos");
    expect(lookup).toContain("const made = await page.putApiAlbumsBySlugPhotos(slugArg, madeBody);");
    expect(lookup).toContain('"file": String(madeBody.photos[0]?.file), "album": String(made.json().album)');
    // The PUT that only changes an album is still asked about an unknown album; the upsert is not.
    const unknown = moduleText("albums_unknown_id");
    expect(unknown).toContain("page.putApiAlbumsBySlugCover(missing");
    expect(unknown).not.toContain("putApiAlbumsBySlugPhotos");
  });

  it("the generated suite passes against the live API, every module", async () => {
    const reports = join(project.dir, "reports");
    const r = await runCli(
      ["run", "--no-start", "-s", "albums", "--reporter", "json", "--report-dir", reports],
      { cwd: project.dir, env: { NO_COLOR: "1" } },
    );
    const report = JSON.parse(readFileSync(join(reports, "e2e-report.json"), "utf8")) as {
      services: { modules: { name: string; status: string }[] }[];
    };
    const modules = report.services[0]?.modules ?? [];
    // 6 happy, the albums CRUD chain, 3 bodies refused, unknown albums.
    expect(modules.length).toBe(11);
    expect(
      modules.filter((m) => m.status !== "passed"),
      r.stdout + r.stderr,
    ).toEqual([]);
    expect(r.code).toBe(0);
  }, 120_000);
});
