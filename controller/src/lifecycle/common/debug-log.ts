// Every Docker call and process action is logged here ("Fetching X..." / "Fetched X"), shown
// only with DEBUG=gantry* so the run's own output stays one line per step.

const enabled = /(^|,)\s*gantry(\*|:lifecycle|$)/.test(process.env.DEBUG ?? "");

export function debugLog(message: string): void {
  if (enabled) process.stderr.write(`gantry:lifecycle ${new Date().toISOString()} ${message}\n`);
}
