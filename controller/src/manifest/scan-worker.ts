// Runs in a worker thread (extract-pool.ts), one job at a time (two trees alive at once would
// only cost memory): a file's facts (parse + extract with the default scanners), or a whole
// service's scan (extract, link, and the text of its cache file for the scanning thread to write).

import { parentPort } from "node:worker_threads";
import { codeGraphParser } from "./code-graph-parser.js";
import { extractFile, type FileToExtract } from "./extract-file.js";
import { scanners } from "./frameworks/index.js";
import { ManifestCache } from "./manifest-cache.js";
import { scanService } from "./scan-service.js";

export interface ServiceJob {
  name: string;
  root: string;
  displayRoot: string;
  paths: string[];
  /** The cache folder: the worker reads the root's cached facts itself. */
  cacheDir: string;
}

type Job = { id: number } & ({ file: FileToExtract; keys: string[] } | { service: ServiceJob });

async function run(job: Job): Promise<unknown> {
  if ("file" in job)
    // As JSON text: the scanning thread parses it once and writes the same text to the cache.
    return JSON.stringify(await extractFile(codeGraphParser, scanners, job.file, job.keys));
  const { cacheDir, ...scan } = job.service;
  const cache = ManifestCache.open(cacheDir);
  const r = await scanService({ ...scan, parser: codeGraphParser, cache });
  return { ...r, cacheText: cache.takeText(scan.displayRoot) };
}

let queue: Promise<void> = Promise.resolve();
parentPort?.on("message", (job: Job) => {
  queue = queue.then(() =>
    run(job).then(
      (result) => parentPort?.postMessage({ id: job.id, result }),
      (error: unknown) =>
        parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.stack : String(error) }),
    ),
  );
});
