import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "controller/test/**/*.test.ts",
      "services/*/test/**/*.test.ts",
      "lib/**/*.test.ts",
      "infra/test/**/*.test.ts",
      "docs/test/**/*.test.ts",
    ],
    // Real servers and processes are started by tests; give them room on a 2-core machine that
    // is busy (a test running the CLI four times took over 30 s with stress-ng --cpu 2). These
    // are only guards against a hang: no test waits for them.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll() waits for an effect; 1 s (vitest's default) is too short on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    reporters: process.env.CI ? ["default"] : ["default"],
  },
});
