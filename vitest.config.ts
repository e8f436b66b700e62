import { configDefaults, defineConfig } from "vitest/config";

const SUITES = [
  "controller/test/**/*.test.ts",
  "services/*/test/**/*.test.ts",
  "lib/**/*.test.ts",
  "infra/test/**/*.test.ts",
  "docs/test/**/*.test.ts",
];

/**
 * Files that run one at a time, after the others: those that time the machine (latency
 * percentiles, "answers within"), build Docker images or install the packed package. Beside
 * another file they measure their neighbour, or fight it for the engine and the npm cache.
 */
const ALONE = [
  "services/task-graph/test/security/hostile-files.test.ts",
  "services/task-graph/test/board/board-browser.test.ts",
  "services/task-graph/test/code/code-repositories.test.ts",
  "services/task-graph/test/search/rag-route.test.ts",
  "services/task-graph/test/durability/disk-full-tmpfs.test.ts",
  "services/task-graph/test/api/health-and-backends.test.ts",
  "services/task-graph/test/security/quotas.test.ts",
  "services/auth/test/process.test.ts",
  "controller/test/lifecycle/process-launcher.test.ts",
  "controller/test/lifecycle/docker-launcher.test.ts",
  "controller/test/lifecycle/service-image.test.ts",
  "controller/test/lifecycle/confirmed-reset.test.ts",
  "controller/test/lifecycle/cli-cleanup.test.ts",
  "controller/test/cli/install-from-tarball.test.ts",
  // Where a Docker engine runs, its `e2e run` builds the auth image.
  "controller/test/report/reports-from-real-run.test.ts",
  "infra/test/service-images.test.ts",
  "infra/test/base-images.test.ts",
  "infra/test/redis8-host.test.ts",
  "infra/test/ensure-engine.test.ts",
];

export default defineConfig({
  test: {
    // Real servers and processes are started by tests; give them room on a 2-core machine that
    // is busy (a test running the CLI four times took over 30 s with stress-ng --cpu 2). These
    // are only guards against a hang: no test waits for them.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll() waits for an effect; 1 s (vitest's default) is too short on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    reporters: ["default"],
    projects: [
      {
        extends: true,
        // Two files at a time even on 2 cores (vitest's default there is one): most files wait
        // on the servers and CLIs they start, which leaves a core idle.
        test: {
          name: "suites",
          include: SUITES,
          exclude: [...configDefaults.exclude, ...ALONE],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "alone", include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
