// Preloaded into a measured process (node --import): prints its peak RSS when it exits.
process.on("exit", () =>
  process.stderr.write(`\nGANTRY_BENCH_MAXRSS_KB=${process.resourceUsage().maxRSS}\n`),
);
