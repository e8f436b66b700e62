// A project whose e2e.conf names two services, `notes` and `events`, their sources copied from
// the Koa and Hono sample apps: what the manifest and search CLI tests scan.
import { cpSync } from "node:fs";
import { join } from "node:path";
import { makeProject, type Project } from "../helpers/project.js";

const APPS = join(import.meta.dirname, "apps");

const CONF = `general:
  environment: dev
services:
  notes:
    base_url: http://127.0.0.1:1
    maven_module: apps/notes
  events:
    base_url: http://127.0.0.1:2
    maven_module: apps/events
`;

/** The project, with `files` (relative path → text) beside e2e.conf. The caller removes it. */
export function notesAndEventsProject(files: Record<string, string> = {}): Project {
  const p = makeProject({ "e2e.conf": CONF, ...files });
  cpSync(join(APPS, "koa"), join(p.dir, "apps/notes"), { recursive: true });
  cpSync(join(APPS, "hono"), join(p.dir, "apps/events"), { recursive: true });
  return p;
}
