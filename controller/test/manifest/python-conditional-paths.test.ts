// Paths and prefixes chosen with Python's conditional expression (`a if test else b`, the
// language reference's "Conditional expressions"): the branch a known test takes, and nothing
// when the test cannot be known. Written from the documentation, not copied from an app
// (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("conditional expressions in paths", () => {
  it("takes the branch of a known test: a Flask prefix from a module constant", async () => {
    const s = await scan({
      "app.py": `from flask import Blueprint, Flask

LEGACY = False
bp = Blueprint("items", __name__)


@bp.route("/items")
def items():
    return []


app = Flask(__name__)
app.register_blueprint(bp, url_prefix="/v1" if LEGACY else "/v2")
`,
    });
    expect(ids(s)).toEqual(["GET /v2/items"]);
  });

  it("a path a caller may pass, else a settings default (a method run without a caller)", async () => {
    const s = await scan({
      "pkg/__init__.py": "",
      "pkg/settings.py": `from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    sse_path: str = "/sse"


settings = Settings()
`,
      "pkg/server.py": `from starlette.applications import Starlette
from starlette.routing import Route

from pkg.settings import settings


class Server:
    def http_app(self, path=None):
        sse_path = path if path is not None else settings.sse_path
        return Starlette(routes=[Route(sse_path, endpoint=self.handle_sse, methods=["GET"])])
`,
    });
    expect(ids(s)).toEqual(["GET /sse"]);
  });

  it("leaves out a route whose path hangs on a test the scan cannot know", async () => {
    const s = await scan({
      "app.py": `import sys

from flask import Flask

app = Flask(__name__)


@app.route("/new" if sys.argv[1:] else "/old")
def page():
    return ""


@app.route("/health")
def health():
    return ""
`,
    });
    expect(ids(s)).toEqual(["GET /health"]);
  });
});
