// A route decorator called on the view instead of written above it: `bp.route(rule)(view)`.
// Python's language reference (function definitions; PEP 318) says `@expr` over `def f` binds
// `f = expr(f)`: the decorator expression is evaluated, then called with the function, so both
// spellings register the same route. Flask documents `route` as the decorator form of
// `add_url_rule`; FastAPI's path operation decorators are called the same way. Written from
// those documents, not copied from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { endpointById, projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("route decorators called on a function", () => {
  it("registers Flask routes from bp.route(rule)(view) on a blueprint a factory builds", async () => {
    const s = await scan({
      "shop/__init__.py": "",
      "shop/views.py": `from flask import Blueprint


def login():
    return "form"


def logout():
    return "bye"


def create_blueprint(name):
    bp = Blueprint(name, __name__, url_prefix="/auth")
    bp.route("/login", methods=["GET", "POST"])(login)
    bp.route("/logout", endpoint="logout")(logout)
    return bp
`,
      "shop/app.py": `from flask import Flask

from .views import create_blueprint

app = Flask(__name__)
app.register_blueprint(create_blueprint("auth"))
`,
    });
    expect(ids(s)).toEqual(["GET /auth/login", "GET /auth/logout", "POST /auth/login"]);
    expect(endpointById(s, "POST /auth/login").handler).toBe("login");
  });

  it("registers FastAPI path operations from router.get(path)(handler)", async () => {
    const s = await scan({
      "main.py": `from fastapi import APIRouter, FastAPI


def list_items():
    return []


def delete_item(item_id: int):
    return None


router = APIRouter(prefix="/items")
router.get("/")(list_items)
router.api_route("/{item_id}", methods=["DELETE"])(delete_item)

app = FastAPI()
app.include_router(router, prefix="/v1")
`,
    });
    expect(ids(s)).toEqual(["DELETE /v1/items/{item_id}", "GET /v1/items/"]);
  });
});
