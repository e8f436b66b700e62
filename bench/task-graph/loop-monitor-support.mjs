// Preloaded into a service process by a benchmark (`node --import <this file>`, with an IPC
// channel): watches that process's event loop, so the service needs no hook of its own and a
// baseline checkout is measured the same way. Two views, as in fairness-server-support.ts:
// monitorEventLoopDelay (how late a 10 ms timer fires; on a shared 2-core machine this also counts
// time spent waiting for a core) and the longest task (a 5 ms ticker: each gap bounded by the CPU
// time the process used in it, so being descheduled is not blamed on the code).
// The parent sends "loop" and gets {max_ms, p99_ms, p50_ms, longest_task_ms, samples}; both reset.
import { monitorEventLoopDelay } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let longestTaskMs = 0;
let lastWall = performance.now();
let lastCpu = process.cpuUsage();
setInterval(() => {
  const wall = performance.now();
  const cpu = process.cpuUsage(lastCpu);
  longestTaskMs = Math.max(longestTaskMs, Math.min(wall - lastWall, (cpu.user + cpu.system) / 1000));
  lastWall = wall;
  lastCpu = process.cpuUsage();
}, 5).unref();

const ms = (ns) => Math.round(ns / 1e4) / 100;
process.on("message", (message) => {
  if (message !== "loop") return;
  process.send?.({
    max_ms: ms(delay.max),
    p99_ms: ms(delay.percentile(99)),
    p50_ms: ms(delay.percentile(50)),
    longest_task_ms: Math.round(longestTaskMs * 100) / 100,
    samples: delay.count,
  });
  delay.reset();
  longestTaskMs = 0;
});
// The channel must not keep the service alive once it is asked to stop.
process.channel?.unref();
