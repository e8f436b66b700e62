// A PageContext for tests and benchmarks of BasePage alone, with fast defaults (no step delay, no backoff).

import { BasePage, DispatcherRegistry, type PageContext } from "../src/http/index.js";

export function testPageContext(baseUrl: string, overrides: Partial<PageContext> = {}): PageContext {
  return {
    service: "svc",
    baseUrl,
    timeoutMs: 5000,
    headers: { "user-agent": "Gantry-E2E/2.0" },
    retries: { maxAttempts: 1, backoffMs: 0 },
    stepDelayMs: 0,
    includePayloads: false,
    endpoints: {},
    testData: {
      user: { email_domain: "example.test", password: "Test-Password-1", username_prefix: "testuser" },
      timing: { step_delay: 0, async_timeout: 10000 },
      retries: { max_attempts: 1, backoff_ms: 0 },
    },
    tokens: {},
    dispatchers: new DispatcherRegistry(),
    ...overrides,
  };
}

/**
 * Pages for one test file, each with its own connection pools; closeAll() (in afterEach) closes
 * them, so no keep-alive socket outlives its test server.
 */
export function pageMaker(): {
  pageFor(baseUrl: string, overrides?: Partial<PageContext>): BasePage;
  closeAll(): Promise<void>;
} {
  const registries: DispatcherRegistry[] = [];
  return {
    pageFor(baseUrl, overrides = {}) {
      const dispatchers = new DispatcherRegistry();
      registries.push(dispatchers);
      return new BasePage(testPageContext(baseUrl, { dispatchers, ...overrides }));
    },
    async closeAll() {
      await Promise.all(registries.splice(0).map((r) => r.close()));
    },
  };
}
