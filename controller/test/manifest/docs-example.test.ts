// docs/manifest.md's worked example must stay what the scan of services/auth really gives.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { scanService } from "../../src/manifest/scan-service.js";
import { REPO_ROOT } from "../helpers/project.js";

it("shows in docs/manifest.md the endpoint and DTO the scan of services/auth gives", async () => {
  const doc = readFileSync(join(REPO_ROOT, "docs/manifest.md"), "utf8");
  const blocks = doc
    .split("```json\n")
    .slice(1)
    .map((b) => JSON.parse(b.slice(0, b.indexOf("```"))));
  const { service } = await scanService({
    name: "auth",
    root: join(REPO_ROOT, "services/auth"),
    displayRoot: "services/auth",
    parser: codeGraphParser,
  });
  expect(blocks).toHaveLength(2);
  expect(service.endpoints.find((e) => e.id === blocks[0].id)).toEqual(blocks[0]);
  expect(service.dtos.find((d) => d.name === blocks[1].name)).toEqual(blocks[1]);
});
