// Runs report preparation for one module later, when the runner is waiting on the network, so the end
// of the run has less to do. Only a head start: onRunEnd builds whatever is missing, and reports a
// failure itself, so an error here is dropped rather than crashing the run.

export function prepareLater(work: () => void): void {
  setImmediate(() => {
    try {
      work();
    } catch {
      // onRunEnd will redo this work and surface the error.
    }
  });
}
