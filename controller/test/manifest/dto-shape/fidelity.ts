// Every route of a service: its manifest DTOs against its live /docs/json, field by field.
// Responses: every status the manifest lists is compared; a success status (2xx) the live
// document has must be in the manifest too. Error statuses the live document has and the
// manifest lacks are counted apart (`errorStatusesNotListed`), not compared: lib/service-kit adds
// the shared error answers (400, 401, 405, 413, 415, 431, 500) to every route when the app starts
// (withSharedErrorResponses, an onRoute hook), and a route's own `...errorResponses(404, 409)` is
// built by Object.fromEntries at run time; the scanner evaluates neither. All of them are the
// one shared error body (ErrorBodySchema).

import type { ServiceManifest } from "../../../src/manifest/types.js";
import { liveSections, manifestSections, type Operation } from "./compare-endpoint.js";
import { ManifestShapes } from "./manifest-shape.js";
import { diff, type Mismatch } from "./shape.js";

export interface FidelityReport {
  /** Field lines of the live documents that were compared. */
  fields: number;
  mismatches: (Mismatch & { route: string; section: string })[];
  /** Error statuses documented live that the manifest does not list (see above). */
  errorStatusesNotListed: number;
  /** Routes of the manifest that /docs/json does not have. */
  undocumentedRoutes: string[];
}

type Doc = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

export function compareWithLiveDoc(service: ServiceManifest, doc: Doc): FidelityReport {
  const shapes = new ManifestShapes(service);
  const report: FidelityReport = {
    fields: 0,
    mismatches: [],
    errorStatusesNotListed: 0,
    undocumentedRoutes: [],
  };
  for (const e of service.endpoints) {
    const op = doc.paths[e.path]?.[e.method.toLowerCase()];
    // Which routes there are is repo-services.test.ts's question; a route the live app does not
    // document (one in the tree that the app does not register) has nothing to compare with.
    if (!op) {
      report.undocumentedRoutes.push(e.id);
      continue;
    }
    const live = new Map(liveSections(op, doc).map((s) => [s.name, s.live]));
    const mine = new Map(manifestSections(e, shapes).map((s) => [s.name, s.manifest]));
    for (const name of new Set([...live.keys(), ...mine.keys()])) {
      const isResponse = name.startsWith("response ");
      if (isResponse && !mine.has(name) && !/^response 2/.test(name)) {
        report.errorStatusesNotListed++;
        continue;
      }
      const l = live.get(name) ?? new Map<string, string>();
      const m = mine.get(name) ?? new Map<string, string>();
      if (isResponse && !live.has(name)) l.set("$", "status not documented");
      if (isResponse && !mine.has(name)) m.set("$", "status not in the manifest");
      report.fields += l.size;
      for (const d of diff(l, m)) report.mismatches.push({ route: e.id, section: name, ...d });
    }
  }
  return report;
}
