// The example service written by `e2e init`: a page class and one scenario module that GETs the
// service's health path and expects a 2xx.
import { type InitService, pageClassName } from "./init-service.js";

export function examplePage(service: InitService): string {
  return `import { BasePage } from "gantry";

/** The ${service.name} service's endpoints; e2e.conf (services.${service.name}) gives its base_url and headers. */
export default class ${pageClassName(service.name)} extends BasePage {
  /** GET ${service.health}: the service's health. */
  health() {
    return this.get(${JSON.stringify(service.health)});
  }
}
`;
}

export function exampleHealthModule(service: InitService): string {
  const page = pageClassName(service.name);
  return `import assert from "node:assert/strict";
import type ${page} from "../page.js";

/** The ${service.name} service is up: its health path answers 2xx. */
export const tags = ["smoke"];

export async function run(page: ${page}) {
  const response = await page.health();
  assert.ok(
    response.status >= 200 && response.status < 300,
    \`expected a 2xx from GET ${service.health}, got \${response.status}: \${response.text().slice(0, 200)}\`,
  );
  return response;
}
`;
}
