// Small, realistic issue and component records for the search tests.
import type { ComponentRecord, IssueRecord } from "../../src/ports/graph-store.js";

const at = "2026-11-21T10:00:00.000";

export function issue(id: string, title: string, description: string, labels: string[] = []): IssueRecord {
  return {
    id,
    title,
    description,
    status: "OPEN",
    priority: "MEDIUM",
    component_id: null,
    labels,
    created_at: at,
    updated_at: at,
    closed_at: null,
  };
}

export function component(
  id: string,
  name: string,
  description: string,
  project = "gantry",
): ComponentRecord {
  return { id, name, description, project, created_at: at, updated_at: at };
}

export const ISSUES = [
  issue(
    "i1",
    "Login fails with 401 after token refresh",
    "Users are logged out when the JWT refresh returns 401 Unauthorized.",
    ["auth"],
  ),
  issue(
    "i2",
    "Chart colours wrong in dark mode",
    "The render of the burn-down chart uses light colours on a dark background.",
    ["ui"],
  ),
  issue(
    "i3",
    "Database connection pool exhausted under load",
    "During the load test the pool of database connections runs out after 200 requests.",
    ["db"],
  ),
  issue(
    "i4",
    "getUserById throws on unknown id",
    "UserRepository.getUserById should return null instead of throwing NotFoundError.",
    ["backend"],
  ),
  issue(
    "i5",
    "Authentication error on login page",
    "The login form shows a generic authentication error for locked accounts.",
    ["auth", "ui"],
  ),
];

export const COMPONENTS = [
  component("c1", "auth-service", "Issues tokens, checks passwords and handles login."),
  component("c2", "dashboard", "Charts and reports rendered in the browser."),
];
