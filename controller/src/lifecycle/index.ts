// The lifecycle's public face: boot what a run needs, and the pieces others may reuse.
import type { ResolvedConfig } from "../config/index.js";
import { type BootDeps, BootSession } from "./boot-session.js";
import type { BootOptions, BootResult } from "./types.js";

export type { BootOptions, BootResult } from "./types.js";
export { RequiredServiceError } from "./types.js";
export * from "./wait-strategies/index.js";

/**
 * Makes each named service healthy: uses it if it already answers, else starts it (docker or
 * process launcher) and waits. Throws RequiredServiceError for a required service that fails;
 * optional failures land in `skipped`. Call `stop()` on the result when the run ends.
 */
export function bootServices(
  config: ResolvedConfig,
  serviceNames: string[],
  options: BootOptions,
  deps?: BootDeps,
): Promise<BootResult> {
  return new BootSession(config, options, deps).boot(serviceNames);
}
