// A /health prober on a thread of its own (its own event loop: the benchmark's uploads, JSON
// encoding of megabytes, cannot delay it): one GET every `everyMs`, never two at once, so a
// service whose event loop is held shows it as one long answer. A failed request (a keep-alive
// socket the server dropped) counts as an answer at its failure and is retried on a new socket.
// stop() resolves with every latency (ms) in order and the number of failures.
import { Worker } from "node:worker_threads";

const PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
let failures = 0;
let stopping = false;
const once = () => new Promise((done) => {
  const started = performance.now();
  const failed = () => {
    failures++;
    done(performance.now() - started);
  };
  http.get(workerData.url + "/health", { agent }, (res) => {
    res.resume();
    res.on("end", () => done(performance.now() - started));
    res.on("error", failed);
  }).on("error", failed);
});
parentPort.on("message", () => { stopping = true; });
(async () => {
  for (let next = performance.now(); !stopping; ) {
    latencies.push(await once());
    next += workerData.everyMs;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else next = performance.now();
  }
  agent.destroy();
  parentPort.postMessage({ latencies, failures });
})();
`;

export interface HealthProbe {
  stop(): Promise<{ latencies: number[]; failures: number }>;
}

export function startHealthProbe(url: string, everyMs = 10): HealthProbe {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, everyMs } });
  const done = new Promise<{ latencies: number[]; failures: number }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  // Reported by stop(), not as an unhandled rejection that would leave the services running.
  done.catch(() => {});
  return {
    async stop() {
      worker.postMessage("stop");
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}
