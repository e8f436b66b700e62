// Routes registered from a dict table: iterating a dict gives its keys, and `.items()`,
// `.keys()`, `.values()` its views, in insertion order (Python's language reference and
// "Mapping Types — dict", 3.7+). Flask's `add_url_rule` in a loop over such a table is
// Flask's documented way to register views by hand. Written from those documents.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const views = `def status():
    return ""


def health():
    return ""
`;

describe("Python dict tables of routes", () => {
  it("runs a loop over a dict's items(), keys() and values()", async () => {
    const s = await scan({
      "app.py": `from flask import Flask

${views}
app = Flask(__name__)

ROUTES = {"/status": status, "/health": health}
METHODS = {"/admin/status": ["GET", "POST"]}

for path, view in ROUTES.items():
    app.add_url_rule(path, endpoint=path, view_func=view)

for path in METHODS.keys():
    app.add_url_rule(path, endpoint="admin" + path, view_func=status, methods=METHODS[path])

MOUNTS = {"v1": "/v1", "v2": "/v2"}

for mount in MOUNTS.values():
    app.add_url_rule(mount + "/status", endpoint=mount, view_func=status)
`,
    });
    expect(ids(s)).toEqual([
      "GET /admin/status",
      "GET /health",
      "GET /status",
      "GET /v1/status",
      "GET /v2/status",
      "POST /admin/status",
    ]);
  });

  it("runs a loop over a dict itself with its keys", async () => {
    const s = await scan({
      "app.py": `from flask import Flask

${views}
app = Flask(__name__)

PAGES = {"/status": status, "/health": health}

for path in PAGES:
    app.add_url_rule(path, endpoint=path, view_func=PAGES[path])
`,
    });
    expect(ids(s)).toEqual(["GET /health", "GET /status"]);
  });
});
