// Which processes handle a signal themselves (Linux: SigCgt in /proc/<pid>/status). reset()
// sends SIGUSR2 to those only: it reaches the service behind a wrapper (`npm run start`,
// `sh -c`, the container's init) without killing a wrapper, or a service that has no reset,
// for which SIGUSR2 is fatal. Undefined when /proc cannot tell (not Linux, a remote engine).
import { readdirSync, readFileSync } from "node:fs";
import { constants } from "node:os";

interface ProcEntry {
  pid: number;
  ppid: number;
  pgrp: number;
}

function processes(): ProcEntry[] | undefined {
  let names: string[];
  try {
    names = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const list: ProcEntry[] = [];
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // Fields after the parenthesised command name: state, ppid, pgrp, ...
      const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      list.push({ pid: Number(name), ppid: Number(ppid), pgrp: Number(pgrp) });
    } catch {
      // Exited while we looked.
    }
  }
  return list;
}

function catching(pids: number[], signal: NodeJS.Signals): number[] {
  const bit = 1n << BigInt(constants.signals[signal] - 1);
  return pids.filter((pid) => {
    try {
      const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      return !!caught && (BigInt(`0x${caught}`) & bit) !== 0n;
    } catch {
      return false;
    }
  });
}

/** Members of process group `pgid` that handle `signal`. */
export function groupMembersCatching(pgid: number, signal: NodeJS.Signals): number[] | undefined {
  const all = processes();
  if (!all?.some((p) => p.pid === pgid || p.pgrp === pgid)) return all ? [] : undefined;
  return catching(
    all.filter((p) => p.pgrp === pgid).map((p) => p.pid),
    signal,
  );
}

/** `root` and its descendants that handle `signal` (a container's processes seen from the host). */
export function treeMembersCatching(root: number, signal: NodeJS.Signals): number[] | undefined {
  const all = processes();
  if (!all?.some((p) => p.pid === root)) return undefined;
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return catching([...tree], signal);
}
