// --shard i/n (SPEC §3b): a deterministic part of the selected modules, the same on every machine.
// The units are whole services, or single modules of `parallel: true` services (their modules do not
// share a page); units are dealt round-robin, in config order then filename order, so every shard
// gets a share and n shards together run each selected module exactly once.

import { UsageError } from "../errors/index.js";

export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : Number.NaN;
  const total = m ? Number(m[2]) : Number.NaN;
  if (!m || total < 1 || index < 1 || index > total) {
    throw new UsageError(`--shard: expected i/n with 1 <= i <= n (e.g. 2/3), got "${text}"`);
  }
  return { index, total };
}

interface ShardableService {
  parallel: boolean;
  modules: { skipReason?: string }[];
}

/** Marks the selected modules outside `shard` skipped (`filtered out by --shard i/n`). */
export function applyShard(services: ShardableService[], shard: Shard): void {
  const reason = `filtered out by --shard ${shard.index}/${shard.total}`;
  let unit = 0;
  const mine = () => unit++ % shard.total === shard.index - 1;
  for (const s of services) {
    const selected = s.modules.filter((m) => !m.skipReason);
    if (!selected.length) continue;
    if (s.parallel) {
      for (const m of selected) if (!mine()) m.skipReason = reason;
    } else if (!mine()) {
      for (const m of selected) m.skipReason = reason;
    }
  }
}
