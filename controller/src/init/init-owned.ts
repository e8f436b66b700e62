// Recognising the suite files `e2e init` wrote, still exactly as it wrote them: `e2e generate-tests`
// may replace init's page.ts, and must then keep what init's health module calls (`health()`).

import { exampleHealthModule, examplePage } from "./templates/example-service.js";

/** The health path of init's modules/01_health.ts for `service`, when `text` is that file unchanged. */
export function initHealthPath(text: string, service: string): string | undefined {
  const health = /expected a 2xx from GET (\S+), got/.exec(text)?.[1];
  return health !== undefined && text === exampleHealthModule({ name: service, baseUrl: "", health })
    ? health
    : undefined;
}

/** True when `text` is init's page.ts for `service`, unchanged. */
export function isInitPage(text: string, service: string): boolean {
  const health = /return this\.get\(("[^"\n]*")\);/.exec(text)?.[1];
  if (health === undefined) return false;
  try {
    return text === examplePage({ name: service, baseUrl: "", health: JSON.parse(health) as string });
  } catch {
    return false;
  }
}
