// The words of an endpoint's code (controller/src/search/code-words.ts), read from the sample
// apps' real sources: the handler's names and comments, and those of what it calls, one call deep.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/index.js";
import { codeWordsOf } from "../../src/search/code-words.js";
import { REPO_ROOT } from "../helpers/project.js";

function sampleApp(app: string): ServiceManifest {
  const root = `controller/test/manifest/apps/${app}`;
  return { ...JSON.parse(readFileSync(join(REPO_ROOT, root, "expected.json"), "utf8")), root };
}

const words = (text: string | undefined) => new Set((text ?? "").split(" "));

describe("an endpoint's code words", () => {
  it("holds what the service method the handler calls says: the RealWorld feed keeps the articles of authors the reader is following", async () => {
    const { words: byEndpoint } = await codeWordsOf(sampleApp("nestjs-conduit"), REPO_ROOT);
    const feed = words(byEndpoint.get("GET /api/articles/feed"));
    // ArticleController.feed's own names, then ArticleService.feed's (one call deep).
    expect(feed).toContain("FeedQueryDto");
    expect(feed).toContain("following");
    expect(feed).toContain("followed");
    // ArticleService.findAll is not called by the feed: its words stay out.
    expect(feed).not.toContain("favorited");
  });

  it("leaves out what most of a service's handlers share (its plumbing), which says nothing of one route", async () => {
    const service = sampleApp("nestjs-conduit");
    const { words: byEndpoint } = await codeWordsOf(service, REPO_ROOT);
    expect(byEndpoint.size).toBeGreaterThan(10);
    for (const [id, text] of byEndpoint) expect(words(text), id).not.toContain("CurrentUser");
  });

  it("finds a handler named through a namespace import in the file that defines it, and gives an inline handler none", async () => {
    const { words: byEndpoint, files } = await codeWordsOf(sampleApp("express"), REPO_ROOT);
    // router.get("/", …, users.list), users being `import * as users from "../users-controller.js"`.
    expect(words(byEndpoint.get("GET /api/v1/users"))).toContain("tenant");
    expect(byEndpoint.has("GET /health")).toBe(false);
    expect(files).toContain("controller/test/manifest/apps/express/src/users-controller.ts");
  });

  it("holds a Python view's docstring, which says in prose what its names do not", async () => {
    const root = mkdtempSync(join(tmpdir(), "code-words-"));
    try {
      mkdirSync(join(root, "app"));
      writeFileSync(
        join(root, "app", "views.py"),
        'def handle_request(fn):\n    return fn()\n\n\ndef star():\n    """Marks a song as a favourite of the user."""\n    return handle_request(1)\n',
      );
      const service: ServiceManifest = {
        name: "music",
        root: "app",
        frameworks: ["flask"],
        endpoints: [
          {
            id: "POST /star",
            method: "POST",
            path: "/star",
            handler: "star",
            file: "views.py",
            line: 5,
            params: [],
            responses: [],
          },
        ],
        dtos: [],
        types: [],
      };
      const withDoc = await codeWordsOf(service, root);
      expect(words(withDoc.words.get("POST /star"))).toContain("favourite");
      expect(withDoc.summaries.get("POST /star")).toMatch(/^Marks a song as a favourite of the user\./);
      const without = await codeWordsOf(service, root, undefined, false);
      expect(words(without.words.get("POST /star"))).not.toContain("favourite");
      expect(words(without.words.get("POST /star"))).toContain("handle_request");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
