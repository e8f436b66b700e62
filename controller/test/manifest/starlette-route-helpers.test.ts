// Starlette's route lists built by the project's own helpers (starlette.io "Routing": a
// `routes=` list is any list of Route and Mount objects), and routes a server class serves only
// when its caller passes an option. Written from the documentation, not copied from an app
// (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const AUTH_HELPERS = `from starlette.routing import Route

TOKEN_PATH = "/token"


def create_auth_routes(provider, registration=None):
    routes = [
        Route("/authorize", endpoint=provider.authorize, methods=["GET", "POST"]),
        Route(TOKEN_PATH, endpoint=provider.token, methods=["POST"]),
    ]
    if registration:
        routes.append(Route("/register", endpoint=provider.register, methods=["POST"]))
    return routes


def create_resource_routes(resource_url):
    return [Route(resource_url.path, endpoint=metadata, methods=["GET"])]
`;

describe("Starlette route lists from helpers", () => {
  it("lists the routes a helper function returns, extended into an app's routes= list", async () => {
    const s = await scan({
      "pkg/__init__.py": "",
      "pkg/auth.py": AUTH_HELPERS,
      "pkg/app.py": `from starlette.applications import Starlette
from starlette.routing import Route

from pkg.auth import create_auth_routes


async def health(request):
    ...


def build_app(provider):
    routes = [Route("/health", health)]
    routes.extend(create_auth_routes(provider, registration=True))
    return Starlette(routes=routes)
`,
    });
    expect(ids(s)).toEqual([
      "GET /authorize",
      "GET /health",
      "POST /authorize",
      "POST /register",
      "POST /token",
    ]);
  });

  it("leaves out a helper's route whose path comes from its caller's value", async () => {
    const s = await scan({
      "pkg/__init__.py": "",
      "pkg/auth.py": AUTH_HELPERS,
      "pkg/app.py": `from starlette.applications import Starlette

from pkg.auth import create_resource_routes


def build_app(settings):
    return Starlette(routes=create_resource_routes(settings.resource_url))
`,
    });
    expect(ids(s)).toEqual([]);
  });

  it("lists the routes a server class adds under an option its caller passes (None by default)", async () => {
    const s = await scan({
      "pkg/__init__.py": "",
      "pkg/auth.py": AUTH_HELPERS,
      "pkg/server.py": `from starlette.applications import Starlette
from starlette.routing import Route


class Server:
    def __init__(self, name, auth_provider=None, debug=False):
        self.name = name
        self.auth_provider = auth_provider
        self.debug = debug

    def sse_app(self, sse_path="/sse"):
        routes = [Route(sse_path, endpoint=self.handle_sse, methods=["GET"])]
        if self.auth_provider is not None:
            from pkg.auth import create_auth_routes

            routes.extend(create_auth_routes(self.auth_provider))
        if self.debug:
            routes.append(Route("/debug", endpoint=self.handle_debug))
        return Starlette(routes=routes)
`,
    });
    // `debug=False` is a value the code chose, not an option left unset: its branch is not taken.
    expect(ids(s)).toEqual([
      "GET /authorize",
      "GET /sse",
      "POST /authorize",
      "POST /register",
      "POST /token",
    ]);
  });
});
