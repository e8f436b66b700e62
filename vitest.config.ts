import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["controller/test/**/*.test.ts", "services/*/test/**/*.test.ts", "lib/**/*.test.ts", "infra/test/**/*.test.ts"],
    // Real servers and processes are started by tests; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll() waits for an effect; 1 s (vitest's default) is too short on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    reporters: process.env.CI ? ["default"] : ["default"],
  },
});
