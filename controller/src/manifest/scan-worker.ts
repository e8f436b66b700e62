// Runs in a worker thread (extract-pool.ts): parses files and extracts their facts with the
// default scanners, one job at a time (two trees alive at once would only cost memory).

import { parentPort } from "node:worker_threads";
import { codeGraphParser } from "./code-graph-parser.js";
import { extractFile, type FileToExtract } from "./extract-file.js";
import { scanners } from "./frameworks/index.js";

interface Job {
  id: number;
  file: FileToExtract;
  keys: string[];
}

let queue: Promise<void> = Promise.resolve();
parentPort?.on("message", (job: Job) => {
  queue = queue.then(() =>
    extractFile(codeGraphParser, scanners, job.file, job.keys).then(
      (result) => parentPort?.postMessage({ id: job.id, result }),
      (error: unknown) =>
        parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.stack : String(error) }),
    ),
  );
});
