// Counts the event loop's turns while a test's work runs: an immediate that schedules itself
// again, so it runs once per check phase. A loop that gives way (lib/turns) lets it count; work
// done in one task leaves it at 0 or 1.

export interface TurnCounter {
  /** Turns counted so far. */
  now(): number;
  /** Stops counting (the last immediate queued still runs once). */
  stop(): void;
}

export function turnCounter(): TurnCounter {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    now: () => turns,
    stop: () => {
      running = false;
    },
  };
}
