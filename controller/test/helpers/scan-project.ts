// Scans a small project written to a temporary folder as one service named "app", the way the
// framework tests (Gin, Rails, Laravel, ASP.NET Core) look at a scanner's result. Call
// `projectScanner()` at a test file's top level: its folders are removed after the file. `sub`:
// scan only that folder of the project (a package scanned where it is installed).
import { afterAll } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { scanService } from "../../src/manifest/scan-service.js";
import type { Endpoint, ServiceManifest } from "../../src/manifest/types.js";
import { makeProject, type Project } from "./project.js";

export function projectScanner(): (files: Record<string, string>, sub?: string) => Promise<ServiceManifest> {
  const projects: Project[] = [];
  afterAll(() => {
    for (const p of projects) p.remove();
  });
  return async (files, sub) => {
    const p = makeProject(files);
    projects.push(p);
    const { service } = await scanService({
      name: "app",
      root: sub === undefined ? p.dir : `${p.dir}/${sub}`,
      displayRoot: "app",
      parser: codeGraphParser,
    });
    return service;
  };
}

/** The endpoint with this id; a miss names every id the scan found. */
export function endpointById(s: ServiceManifest, id: string): Endpoint {
  const e = s.endpoints.find((x) => x.id === id);
  if (!e)
    throw new Error(
      `no ${id} among ${s.endpoints
        .map((x) => x.id)
        .sort()
        .join(", ")}`,
    );
  return e;
}
