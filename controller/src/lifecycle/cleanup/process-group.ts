// Stops a process started in its own group: SIGTERM to the group, then SIGKILL after a grace period.

export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for `exited` (or polls the pid when there is no child handle), then kills what is left. */
export async function stopGroup(pid: number, graceMs: number, exited?: Promise<unknown>): Promise<void> {
  if (!signalGroup(pid, "SIGTERM")) return;
  const deadline = Date.now() + graceMs;
  if (exited) {
    await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs).unref())]);
  } else {
    while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }
  // Anything still in the group (a wrapper's children, a stuck service) goes now.
  signalGroup(pid, "SIGKILL");
}
