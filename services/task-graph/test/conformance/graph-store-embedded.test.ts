// The conformance suite against the embedded store, in memory and journaling to a DATA_DIR.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { describeGraphStoreConformance } from "./graph-store.conformance.js";

const root = mkdtempSync(join(tmpdir(), "tg-conformance-"));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeGraphStoreConformance("embedded, in memory", async () => new EmbeddedGraphStore());
describeGraphStoreConformance(
  "embedded, journaling to a DATA_DIR",
  async () => new EmbeddedGraphStore({ dataDir: join(root, String(n++)) }),
);
