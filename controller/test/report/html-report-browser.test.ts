// Opens the HTML report in headless Chromium: what a person sees, with no network available.

import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mixedRun } from "./helpers/fixtures.js";
import { hostileRun, writeHtml } from "./helpers/html.js";

const CHROMIUM = "/usr/bin/chromium";
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  console.warn(
    `NOT RUN: "HTML report in a browser" suite — ${CHROMIUM} is missing (install it with: bash infra/deps/test-deps.sh)`,
  );
}

describe.skipIf(!haveChromium)("HTML report in a browser", () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "gantry-html-browser-"));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function open(subdir: string, run = mixedRun()) {
    const reportDir = join(dir, subdir);
    await writeHtml(reportDir, run);
    const url = pathToFileURL(join(reportDir, "e2e-report.html")).href;
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("dialog", (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goto(url);
    return { page, url, requests, problems };
  }

  it("shows the summary and the failure details expanded, loading nothing but the file itself", async () => {
    const { page, url, requests, problems } = await open("summary");
    // Kept after the run (overwritten next time) so a person can look at the layout.
    const screenshot = join(tmpdir(), "gantry-html-report.png");
    await page.screenshot({ path: screenshot, fullPage: true });
    console.info(`HTML report screenshot: ${screenshot}`);

    await expect.poll(() => page.locator(".card.failed .n").textContent()).toBe("1");
    const failure = page.locator('.module[data-status="failed"] .failure');
    expect(await failure.isVisible()).toBe(true);
    const text = await failure.textContent();
    expect(text).toContain("Expected");
    expect(text).toContain("200");
    expect(text).toContain("Actual");
    expect(text).toContain("401");
    expect(text).toContain("services/auth/modules/02_login.ts:9:3");
    expect(await page.locator('.module[data-status="error"] .failure').isVisible()).toBe(true);
    expect(await page.locator('.module[data-status="passed"] .failure').count()).toBe(0);
    expect(await page.locator("#filter-count").textContent()).toBe("showing 6 of 6 modules");

    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("hides passed modules when the status filter is set to failed, and filters by service", async () => {
    const { page, problems } = await open("filters");
    await page.selectOption("#filter-status", "failed");
    expect(await page.locator('.module[data-status="passed"]').first().isVisible()).toBe(false);
    expect(await page.locator('.module[data-status="failed"]').isVisible()).toBe(true);
    expect(await page.locator('.service[data-service="task-graph"]').isVisible()).toBe(false);
    expect(await page.locator("#filter-count").textContent()).toBe("showing 1 of 6 modules");

    await page.selectOption("#filter-status", "all");
    await page.selectOption("#filter-service", "task-graph");
    expect(await page.locator('.service[data-service="auth"]').isVisible()).toBe(false);
    expect(await page.locator('.module[data-service="task-graph"]').count()).toBe(3);
    expect(await page.locator('.module[data-service="task-graph"]:visible').count()).toBe(3);

    await page.selectOption("#filter-status", "failed");
    expect(await page.locator("#filter-empty").isVisible()).toBe(true);

    // The summary cards are shortcuts for the status filter.
    await page.selectOption("#filter-service", { label: "all" });
    await page.click(".card.flaky");
    expect(await page.locator("#filter-status").inputValue()).toBe("flaky");
    expect(await page.locator(".module:visible").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("does not execute markup from module names, messages or bodies", async () => {
    const { page, problems } = await open("hostile", hostileRun());
    const pwned = await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned);
    expect(pwned).toBeUndefined();
    expect(await page.locator(".module .name").textContent()).toBe("<script>window.__pwned=1</script>");
    expect(await page.locator(".failure .message").textContent()).toBe(
      "</pre><script>window.__pwned=5</script>",
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});
