import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mixedRun, runResult, SECRET_TOKEN } from "./helpers/fixtures.js";
import { hostileRun, writeHtml } from "./helpers/html.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "gantry-html-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("HtmlReporter (markup)", () => {
  it("writes one self-contained file: inline style and script, no external URL to load", async () => {
    const html = await writeHtml(dir, mixedRun());
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/\bsrc\s*=/i);
    expect(html).toContain("<style>");
    expect(html).toContain("<script>");
    expect(html).toMatch(/Content-Security-Policy" content="default-src &#39;none&#39;/);
  });

  it("escapes every value from the run, so names and bodies cannot inject markup", async () => {
    const html = await writeHtml(dir, hostileRun());
    expect(html).not.toContain("<script>window.__pwned");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;window.__pwned=1&lt;/script&gt;");
    // Exactly one script element: our own.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("shows payloads redacted: all with include_payloads, only a failure's last exchange without", async () => {
    const withPayloads = await writeHtml(dir, mixedRun(), true);
    expect(withPayloads).toContain("Request body");
    expect(withPayloads).toContain(`"password": "[REDACTED]"`);
    expect(withPayloads).not.toContain("admin123");
    expect(withPayloads).not.toContain(SECRET_TOKEN);
    const without = await writeHtml(dir, mixedRun(), false);
    // Without include_payloads only a failure's last exchange shows its bodies (as the console does).
    expect(without).toContain("Invalid email or password");
    // 02_login's and 03_users' last exchanges and 02_retry's failed first attempt; no passing exchange.
    expect(without.match(/<h4>Response body<\/h4>/g)).toHaveLength(3);
    expect(without).not.toContain("admin123");
    expect(without).not.toContain(SECRET_TOKEN);
    expect(without).toContain("/api/auth/login");
  });

  it("expands failed and errored modules by default and folds the others", async () => {
    const html = await writeHtml(dir, mixedRun());
    const opens = [...html.matchAll(/<details class="module" data-status="(\w+)"[^>]*?( open)?>/g)].map(
      (m) => `${m[1]}${m[2] ?? ""}`,
    );
    expect(opens).toEqual(["passed", "failed open", "error open", "passed", "flaky", "skipped"]);
  });

  it("shows per service which modules called each endpoint, and the configured endpoints never called", async () => {
    const html = await writeHtml(dir, mixedRun());
    expect(html).toContain("Traceability: 3 of 4 configured endpoints called");
    expect(html).toContain(
      "<tr><td>user</td><td><code>/api/users/{id}</code></td><td>GET</td><td>2</td><td>03_users</td></tr>",
    );
    expect(html).toContain(
      '<tr class="uncalled"><td>delete_user</td><td><code></code></td><td colspan="3">never called</td></tr>',
    );
  });

  it("renders a run that selected nothing", async () => {
    const html = await writeHtml(dir, runResult([], { exitCode: 1 }));
    expect(html).toContain('<span class="n">0</span>modules');
    expect(html).toContain("exit code 1");
  });
});
