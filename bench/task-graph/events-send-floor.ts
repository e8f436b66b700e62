// The floor under the event stream's fan-out (bench/task-graph/events.ts): what one socket write
// per subscriber per window costs a bare Node process, with no service around it. This process
// accepts BENCH_SUBSCRIBERS loopback connections from a reader process of its own (which only
// counts bytes), then every BENCH_FLUSH_MS writes the same Buffer of BENCH_BYTES to each, for
// BENCH_SECONDS; it reports its own CPU (user and kernel) per socket write and per second. The
// service's own cost of 200 subscribers (events.ts: service CPU per write with them, minus
// without, times writes/s) is set against this figure: what is above it is the service's.
// Run: node --import tsx bench/task-graph/events-send-floor.ts
//   (BENCH_SUBSCRIBERS=200 BENCH_FLUSH_MS=50 BENCH_BYTES=20000 BENCH_SECONDS=10)
import { fork } from "node:child_process";
import { connect, createServer, type Socket } from "node:net";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { round, writeResult } from "./search-support.js";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const FLUSH_MS = Number(process.env.BENCH_FLUSH_MS ?? 50);
const BYTES = Number(process.env.BENCH_BYTES ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** The reader: opens the connections and counts what arrives (argv: "reader", port, count). */
function reader(port: number, count: number): void {
  let bytes = 0;
  for (let k = 0; k < count; k++) {
    connect(port, "127.0.0.1").on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
  }
  process.on("message", () => {
    process.send!(bytes, () => process.exit(0));
  });
}

async function sender(): Promise<void> {
  const sockets: Socket[] = [];
  const server = createServer((s) => {
    // As the service's streams: small writes go out at once.
    s.setNoDelay(true);
    sockets.push(s);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  const child = fork(fileURLToPath(import.meta.url), ["reader", String(port), String(SUBSCRIBERS)], {
    execArgv: ["--import", "tsx"],
  });
  while (sockets.length < SUBSCRIBERS) await new Promise((r) => setTimeout(r, 20));
  const chunk = Buffer.alloc(BYTES, "x");
  const load = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let flushes = 0;
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      for (const s of sockets) s.write(chunk);
      flushes++;
      if (performance.now() - t0 >= SECONDS * 1000) {
        clearInterval(timer);
        done();
      }
    }, FLUSH_MS);
  });
  const cpu = process.cpuUsage(cpu0);
  const elapsed = (performance.now() - t0) / 1000;
  const writes = flushes * SUBSCRIBERS;
  const received = await new Promise<number>((r) => {
    child.once("message", (m) => r(m as number));
    child.send("report");
  });
  for (const s of sockets) s.destroy();
  server.close();
  const result = {
    subscribers: SUBSCRIBERS,
    flush_ms: FLUSH_MS,
    bytes: BYTES,
    flushes_per_s: round(flushes / elapsed),
    user_us_per_write: round(cpu.user / writes),
    kernel_us_per_write: round(cpu.system / writes),
    cpu_ms_per_s: round((cpu.user + cpu.system) / 1000 / elapsed),
    received_all: received >= writes * BYTES,
    load_average_1m: round(load),
  };
  console.log(
    `${SUBSCRIBERS} sockets, ${BYTES} bytes every ${FLUSH_MS} ms (${result.flushes_per_s}/s): ` +
      `${result.user_us_per_write} µs user + ${result.kernel_us_per_write} µs kernel per write, ` +
      `${result.cpu_ms_per_s} ms CPU per second; load ${result.load_average_1m}`,
  );
  console.log(`written to ${writeResult("events-send-floor", result)}`);
}

if (process.argv[2] === "reader") reader(Number(process.argv[3]), Number(process.argv[4]));
else await sender();
