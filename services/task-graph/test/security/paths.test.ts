// Issue 25, point 5, replayed against the real process: paths were normalised for the index but
// the stored text was keyed by the raw path, so `./lost.ts` was dropped at restart, `./stale.ts`
// uploaded over `stale.ts` came back old, and `src\x.ts` was lost every time. One canonical
// spelling now: anything else is refused (400 naming the rule), and what is accepted survives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUp, folder, type Started, searchCode, start, until, upload } from "./support.js";

afterAll(cleanUp);

const NOT_CANONICAL: [string, RegExp][] = [
  ["./lost.ts", /'\.' segment/],
  ["./stale.ts", /'\.' segment/],
  ["src\\x.ts", /separator/],
  [".", /'\.' segment/],
  ["a/b/", /trailing/],
  ["a/./b.ts", /'\.' segment/],
  ["a//b.ts", /empty segment/],
  ["C:/x.ts", /relative/],
  ["/abs.ts", /relative/],
  ["\u2024\u2024/x.ts", /segment/],
  ["\uFF0E/x.ts", /segment/],
  ["a/../b.ts", /'\.\.' segment/],
];

describe("one canonical path per file, through a restart", () => {
  let dataDir: string;
  let svc: Started;

  beforeAll(async () => {
    dataDir = folder("tg-sec-paths-");
    svc = await start({ DATA_DIR: dataDir });
  });

  it.each(NOT_CANONICAL)("refuses %j with 400 naming the rule, and stores nothing", async (path, rule) => {
    const res = await upload(svc.api, "paths", [{ path, content: "export const x = 1;\n" }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "files[0].path" } });
    expect(res.body.error).toMatch(rule);
    expect((await svc.api.get("/api/v1/code/repositories/paths")).status).toBe(404);
  });

  it("keeps canonical uploads and their re-uploads as they were last sent, after a restart", async () => {
    const first = await upload(svc.api, "paths", [
      { path: "lost.ts", content: "export const lostMarkerHeron = 1;\n" },
      { path: "stale.ts", content: "export const staleOldWalrus = 1;\n" },
      { path: "src/x.ts", content: "export const backslashFixedLynx = 1;\n" },
    ]);
    expect(first.status).toBe(200);
    const again = await upload(svc.api, "paths", [
      { path: "stale.ts", content: "export const staleNewWalrus = 2;\n" },
    ]);
    expect(again.body).toMatchObject({ files: 3, parsed: 1 });
    expect(await svc.server.stop()).toBe(0);

    svc = await start({ DATA_DIR: dataDir });
    await until(async () => {
      const body = (await svc.api.get("/api/v1/code/repositories/paths")).body;
      expect(body).toMatchObject({ status: "ready", files: 3 });
    });
    expect(svc.server.output()).not.toContain("dropped");
    for (const name of ["lostMarkerHeron", "staleNewWalrus", "backslashFixedLynx"]) {
      const hits = await searchCode(svc.api, name);
      expect(
        hits.some((h) => h.type === "symbol" && h.title.startsWith(name)),
        name,
      ).toBe(true);
    }
    const old = await searchCode(svc.api, "staleOldWalrus");
    expect(old.some((h) => h.type === "symbol" && h.title.startsWith("staleOldWalrus"))).toBe(false);
  });
});
