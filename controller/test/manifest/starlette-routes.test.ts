// Starlette's routing as its documentation writes it (starlette.io "Routing"), which FastAPI
// serves too: `Route(path, endpoint, methods=…)` and `Mount(path, routes=…|app=…)` in the
// `routes=` list of `Starlette(…)`, `Router(…)` or `FastAPI(…)`, a list built with `append`, an
// `HTTPEndpoint` class answering the verbs it defines, `app.add_route(path, endpoint, methods)`,
// `app.route(path, methods=…)`; and a path or prefix the scan cannot know is left out, never
// guessed (FastAPI's `include_router(prefix=)` and `APIRouter(prefix=)` too). Not copied from an
// app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Starlette routes and mounts", () => {
  it("lists the Route and Mount entries of Starlette's routes= list, across modules", async () => {
    const s = await scan({
      "app/__init__.py": "",
      "app/main.py": `from starlette.applications import Starlette
from starlette.routing import Mount, Route

from app.users import user_routes
from app.admin import admin


async def homepage(request):
    return PlainTextResponse("Hello")


routes = [
    Route("/", endpoint=homepage),
    Mount("/users", routes=user_routes),
    Mount("/admin", app=admin),
]
routes.append(Route("/health", homepage, methods=["GET", "HEAD"]))

app = Starlette(debug=True, routes=routes)
`,
      "app/users.py": `from starlette.endpoints import HTTPEndpoint
from starlette.routing import Route


async def me(request):
    ...


class User(HTTPEndpoint):
    async def get(self, request):
        ...

    async def put(self, request):
        ...


user_routes = [
    Route("/me", me),
    Route("/{username}", User),
    Route("/{username}/avatar", me, methods=["POST", "DELETE"]),
]
`,
      "app/admin.py": `from starlette.routing import Route, Router


async def dashboard(request):
    ...


admin = Router(routes=[Route("/", dashboard), Route("/logs/{day:int}", dashboard)])
`,
    });
    expect(ids(s)).toEqual(
      [
        "GET /",
        "GET /health",
        "GET /users/me",
        "GET /users/{username}",
        "PUT /users/{username}",
        "POST /users/{username}/avatar",
        "DELETE /users/{username}/avatar",
        "GET /admin/",
        "GET /admin/logs/{day}",
      ].sort(),
    );
    const put = s.endpoints.find((e) => e.id === "PUT /users/{username}");
    expect(put?.handler).toBe("User.put");
    // A Starlette endpoint takes the request: its parameters are the path's, not a query `request`.
    expect(put?.params.map((p) => `${p.in} ${p.name}`)).toEqual(["path username"]);
  });

  it("reads routes= of FastAPI and APIRouter, add_route and the route decorator", async () => {
    const s = await scan({
      "main.py": `from fastapi import APIRouter, FastAPI
from starlette.routing import Route


async def ping(request):
    ...


router = APIRouter(prefix="/v1", routes=[Route("/ping", ping)])
app = FastAPI(routes=[Route("/status", ping, methods=["GET"])])
app.include_router(router)
app.add_route("/metrics", ping)
app.add_route("/hooks", ping, methods=["POST"])


@app.route("/legacy", methods=["GET", "POST"])
async def legacy(request):
    ...
`,
    });
    expect(ids(s)).toEqual(
      ["GET /status", "GET /v1/ping", "GET /metrics", "POST /hooks", "GET /legacy", "POST /legacy"].sort(),
    );
  });

  it("reads an app a factory or a method makes in its return statement", async () => {
    const s = await scan({
      "server.py": `from starlette.applications import Starlette
from starlette.routing import Route


async def home(request):
    ...


def create_app():
    return Starlette(routes=[Route("/", home)])


class Server:
    async def handle_events(self, request):
        ...

    def events_app(self, *, events_path: str = "/events"):
        routes = []
        routes.append(Route(events_path, endpoint=self.handle_events, methods=["GET"]))
        return Starlette(routes=routes)
`,
    });
    expect(ids(s)).toEqual(["GET /", "GET /events"]);
  });

  it("leaves out routes under a path or prefix the scan cannot know", async () => {
    const s = await scan({
      "main.py": `import os

from fastapi import APIRouter, FastAPI
from starlette.routing import Mount, Route

from config import load_base

base = load_base()
app = FastAPI()
items = APIRouter()
tagged = APIRouter(prefix=base)


@items.get("/items")
def list_items():
    return []


@tagged.get("/tags")
def list_tags():
    return []


@app.get(base + "/raw")
def raw():
    return {}


async def ping(request):
    ...


app.include_router(items, prefix=os.environ["ITEMS_PREFIX"])
app.include_router(tagged)
app.mount("/sub", FastAPI(routes=[Mount(base, routes=[Route("/x", ping)]), Route("/y", ping)]))


@app.get("/health")
def health():
    return {}
`,
      "config.py": `import json


def load_base():
    with open("settings.json") as f:
        return json.load(f)["base"]
`,
    });
    expect(ids(s)).toEqual(["GET /health", "GET /sub/y"]);
  });
});
