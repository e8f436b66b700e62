// Preloaded into a service process by a benchmark (`node --import <this file>`, with an IPC
// channel): watches that process's event loop, so the service needs no hook of its own and a
// baseline checkout is measured the same way. Two views, as in fairness-server-support.ts:
// monitorEventLoopDelay (how late a 10 ms timer fires; on a shared 2-core machine this also counts
// time spent waiting for a core) and the longest task (a 5 ms ticker: each gap bounded by the CPU
// time the main thread used in it, so being descheduled is not blamed on the code).
// The main thread's own CPU time, the most exact clock the runtime offers:
// - `process.threadCpuUsage()` (Node >= 22; the thread's CPU clock, to a microsecond);
// - else Linux's /proc/<pid>/task/<pid>/stat, in 10 ms clock ticks charged when the kernel gets
//   round to it, so a gap is bounded by that plus one tick: side by side with the thread clock
//   under Node 22 it read 5-11 ms above it on the same busy task, and at times far below;
// - elsewhere, the process's CPU time (process.cpuUsage() counts the parsing worker threads too).
// The parent sends "loop" and gets {max_ms, p99_ms, p50_ms, longest_task_ms, tasks_over_50_ms,
// clock, samples}; all reset.
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const THREAD_STAT = `/proc/${process.pid}/task/${process.pid}/stat`;
const TICK_MS = 10;

/** The main thread's user + system CPU time in ms, to a clock tick; null where /proc cannot tell. */
function mainThreadCpuMs() {
  try {
    const stat = readFileSync(THREAD_STAT, "latin1");
    // After "pid (comm) ": state is field 3, utime 14 and stime 15 (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** The main thread's CPU time in ms from its own clock, where the runtime has one. */
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
const clock =
  typeof process.threadCpuUsage === "function"
    ? "thread"
    : mainThreadCpuMs() !== null
      ? "proc-stat"
      : "process";
const cpuMs = { thread: threadCpuMs, "proc-stat": mainThreadCpuMs, process: processCpuMs }[clock];
const slackMs = clock === "proc-stat" ? TICK_MS : 0;

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let longestTaskMs = 0;
let tasksOver50 = 0;
let lastWall = performance.now();
let lastCpu = cpuMs();
setInterval(() => {
  const wall = performance.now();
  const cpu = cpuMs();
  const task = Math.min(wall - lastWall, cpu - lastCpu + slackMs);
  longestTaskMs = Math.max(longestTaskMs, task);
  if (task > 50) tasksOver50++;
  lastWall = wall;
  lastCpu = cpu;
}, 5).unref();

const ms = (ns) => Math.round(ns / 1e4) / 100;
process.on("message", (message) => {
  if (message !== "loop") return;
  process.send?.({
    max_ms: ms(delay.max),
    p99_ms: ms(delay.percentile(99)),
    p50_ms: ms(delay.percentile(50)),
    longest_task_ms: Math.round(longestTaskMs * 100) / 100,
    tasks_over_50_ms: tasksOver50,
    clock,
    samples: delay.count,
  });
  delay.reset();
  longestTaskMs = 0;
  tasksOver50 = 0;
});
// The channel must not keep the service alive once it is asked to stop.
process.channel?.unref();
