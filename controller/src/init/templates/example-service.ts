// The example service written by `e2e init`: a page class and one scenario module for the
// auth service's health endpoint.

export const AUTH_PAGE = `import { BasePage } from "gantry";

/** The auth service's endpoints; e2e.conf (services.auth) gives its base_url and headers. */
export default class AuthPage extends BasePage {
  /** GET /health: the service's health record. */
  health() {
    return this.get("/health");
  }
}
`;

export const AUTH_HEALTH_MODULE = `import assert from "node:assert/strict";
import type AuthPage from "../page.js";

/** The auth service is up and says so. */
export async function run(page: AuthPage) {
  const response = await page.health();
  assert.equal(response.status, 200);
  assert.equal(response.json().status, "healthy");
  return response;
}
`;
