// Preloaded into a measured process (node --import): prints its peak RSS and CPU time at exit.
// CPU time is what a busy shared machine distorts least (wall time includes waiting for a core).
process.on("exit", () => {
  const u = process.resourceUsage();
  process.stderr.write(
    `\nGANTRY_BENCH_MAXRSS_KB=${u.maxRSS}\nGANTRY_BENCH_CPU_US=${u.userCPUTime + u.systemCPUTime}\n`,
  );
});
