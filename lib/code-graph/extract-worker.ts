// Runs in a worker thread: parses files and sends their facts back (see worker-pool.ts). It says
// `ready` once loaded, so a pool with a time budget starts a job's clock when the job starts.
import { parentPort } from "node:worker_threads";
import { extractFacts } from "./extract/index.js";
import type { LanguageId } from "./languages.js";

interface Job {
  id: number;
  source: string;
  language: LanguageId;
}

parentPort?.on("message", (job: Job) => {
  extractFacts(job.source, job.language).then(
    (facts) => parentPort?.postMessage({ id: job.id, result: facts }),
    (error: unknown) => parentPort?.postMessage({ id: job.id, error: String(error) }),
  );
});

parentPort?.postMessage({ ready: true });
