// Documented ways to register Flask routes other than `@app.route` (issue 20, point 5), each
// written from its framework's documentation, not from an app:
// - Flask's `add_url_rule(rule, endpoint="x")` without a view, the view bound by `@app.endpoint("x")`
//   (Flask's API docs for `add_url_rule` and `endpoint`; a blueprint's endpoint is its own).
// - Flask-RESTful's `@api.resource(*urls)` class decorator ("Wraps a Resource class, adding it to
//   the api"), and `Api()` bound later by `api.init_app(app_or_blueprint)` (its factory pattern:
//   resources added before `init_app` are registered by it).
// - flask-restx's `api.add_resource(Resource, *urls)` and `ns.add_resource(...)`, and its
//   `Api()` + `api.init_app(app)`.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { endpointById, projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Flask routes registered in the framework's other documented ways", () => {
  it("binds a rule added without a view to the function @app.endpoint names", async () => {
    const s = await scan({
      "app.py": `from flask import Flask, Blueprint

app = Flask(__name__)
app.add_url_rule("/", endpoint="index")
app.add_url_rule("/items/<int:item_id>", endpoint="item", methods=["GET", "DELETE"])
app.add_url_rule("/unbound", endpoint="nobody")


@app.endpoint("index")
def index():
    return "home"


@app.endpoint("item")
def item(item_id):
    return str(item_id)


bp = Blueprint("admin", __name__, url_prefix="/admin")
bp.add_url_rule("/stats", endpoint="stats")


@bp.endpoint("stats")
def stats():
    return "{}"


app.register_blueprint(bp)
`,
    });
    expect(ids(s)).toEqual(["DELETE /items/{item_id}", "GET /", "GET /admin/stats", "GET /items/{item_id}"]);
    expect(endpointById(s, "GET /items/{item_id}").handler).toBe("item");
  });

  it("lists Flask-RESTful resources added by @api.resource and by an Api bound with init_app", async () => {
    const s = await scan({
      "app.py": `from flask import Flask, Blueprint
from flask_restful import Api, Resource

api_bp = Blueprint("api", __name__)
api = Api(api_bp)


@api.resource("/things", "/things/<int:thing_id>")
class Thing(Resource):
    def get(self, thing_id=None):
        return {}

    def delete(self, thing_id):
        return {}


late = Api(prefix="/v2")


class Health(Resource):
    def get(self):
        return {"ok": True}


late.add_resource(Health, "/health")


def create_app():
    app = Flask(__name__)
    app.register_blueprint(api_bp, url_prefix="/api")
    late.init_app(app)
    return app
`,
    });
    expect(ids(s)).toEqual([
      "DELETE /api/things",
      "DELETE /api/things/{thing_id}",
      "GET /api/things",
      "GET /api/things/{thing_id}",
      "GET /v2/health",
    ]);
    expect(endpointById(s, "GET /api/things/{thing_id}").handler).toBe("Thing.get");
  });

  it("lists flask-restx resources added by api.add_resource and ns.add_resource", async () => {
    const s = await scan({
      "app.py": `from flask import Flask
from flask_restx import Api, Namespace, Resource

api = Api(prefix="/api")
ns = Namespace("todos", description="TODO operations")


class Todo(Resource):
    def get(self, id):
        return {}

    def put(self, id):
        return {}


class Hello(Resource):
    def get(self):
        return {}


ns.add_resource(Todo, "/<int:id>")
api.add_namespace(ns)
api.add_resource(Hello, "/hello", "/world")

app = Flask(__name__)
api.init_app(app)
`,
    });
    expect(ids(s)).toEqual([
      "GET /api/hello",
      "GET /api/todos/{id}",
      "GET /api/world",
      "PUT /api/todos/{id}",
    ]);
  });
});

describe("flask-smorest blueprints (its quickstart)", () => {
  it("lists the MethodView classes @blp.route decorates, on the blueprint the Api registers", async () => {
    const s = await scan({
      "app.py": `from flask import Flask
from flask.views import MethodView
from flask_smorest import Api, Blueprint

blp = Blueprint("pets", "pets", url_prefix="/pets", description="Operations on pets")


@blp.route("/")
class Pets(MethodView):
    def get(self):
        return []

    def post(self):
        return {}


@blp.route("/<int:pet_id>")
class PetsById(MethodView):
    def get(self, pet_id):
        return {}

    def delete(self, pet_id):
        return ""


api = Api()


def create_app():
    app = Flask(__name__)
    api.init_app(app)
    api.register_blueprint(blp, url_prefix="/v1/pets")
    return app
`,
    });
    expect(ids(s)).toEqual([
      "DELETE /v1/pets/{pet_id}",
      "GET /v1/pets/",
      "GET /v1/pets/{pet_id}",
      "POST /v1/pets/",
    ]);
    expect(endpointById(s, "DELETE /v1/pets/{pet_id}").handler).toBe("PetsById.delete");
  });
});
