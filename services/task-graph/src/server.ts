// `npm run start:task-graph`: PORT (default 8000), HOST, DATA_DIR, LOG_LEVEL, backends from env.
// SIGTERM/SIGINT/SIGHUP shut down gracefully; SIGUSR2 is logged and ignored.
// HEAP_GROWING_PERCENT (default 25, see heap-growth.ts), HEAP_COMPACTION (default auto: off while code is indexed, see heap-compaction.ts).
// `--repair` is JOURNAL_REPAIR=truncate: cut a damaged journal at the damaged line (backup kept).
import { handleShutdownSignals, ignoreSignals, listen } from "../../../lib/service-kit/index.js";
import { selectAdapters } from "./adapters/select.js";
import { buildTaskGraphApp } from "./app.js";
import { setHeapCompaction } from "./heap-compaction.js";
import { limitHeapGrowth } from "./heap-growth.js";
import { DEFAULT_PORT } from "./index.js";

try {
  const env = process.argv.includes("--repair")
    ? { ...process.env, JOURNAL_REPAIR: "truncate" }
    : process.env;
  limitHeapGrowth(env);
  const onCodeWork = setHeapCompaction(env);
  // Bundled (start-service.mjs, the image), the code parser's worker and the event streams'
  // writer process are files beside this one.
  const bundled = !import.meta.url.endsWith(".ts");
  const app = await buildTaskGraphApp({
    adapters: await selectAdapters(env),
    env,
    onCodeWork,
    ...(bundled
      ? {
          codeWorker: new URL("./extract-worker.mjs", import.meta.url),
          streamWriter: new URL("./stream-writer.mjs", import.meta.url),
        }
      : {}),
  });
  handleShutdownSignals(app);
  // SIGUSR2 is the reset signal of the e2e controller (the auth mock reseeds on it); the task
  // graph has no reset, and the signal's default action would kill it mid-write.
  ignoreSignals(app, ["SIGUSR2"], "the task graph has no reset; its data is kept");
  const url = await listen(app, { defaultPort: DEFAULT_PORT });
  app.log.info({ url }, "task-graph listening");
} catch (err) {
  // A configuration or start-up problem: one clear line, no stack trace, non-zero exit.
  console.error(`task-graph: cannot start: ${(err as Error).message}`);
  process.exit(1);
}
