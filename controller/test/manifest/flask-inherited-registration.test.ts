// Flask routes registered by a base class's methods from class attributes each subclass sets
// (issue 20, point 5). Flask-RESTful's docs: `api = Api(app_or_blueprint, prefix=…)`, then
// `api.add_resource(Resource, *urls)` ("You can pass multiple URLs to add_resource()"); Flask's
// docs: a Blueprint with `url_prefix`, `app.register_blueprint(bp)`. A project that has many
// APIs writes that once, in a base class whose `__init__` builds the blueprint and the Api and
// whose other methods add the resources the subclass lists. Written from the docs, not copied
// from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { endpointById, projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const BASE = `import collections

import flask
import flask_restful

Route = collections.namedtuple("Route", "resource, url, aliases, options")


def route(resource, url, aliases=None, **options):
    if not url.startswith("/"):
        url = "/%s" % url
    return Route(resource=resource, url=url, aliases=aliases, options=options)


class Module(object):
    name = None
    routes = []
    collections = []

    @staticmethod
    def _version_prefix(prefix):
        parts = ["/api/v2"]
        if prefix:
            parts.append(prefix.lstrip("/"))
        return "/".join(parts).rstrip("/")

    @property
    def api(self):
        return self._api

    def __init__(self, url_prefix="", api_prefix=""):
        url_prefix = url_prefix.rstrip("/")
        if api_prefix and not api_prefix.startswith("/"):
            self.api_prefix = "/%s" % api_prefix
        else:
            self.api_prefix = api_prefix or getattr(self, "api_prefix", "")
        self.blueprint = flask.Blueprint(
            self.name, __name__, url_prefix=self._version_prefix(url_prefix))
        self._api = flask_restful.Api(self.blueprint, prefix=self.api_prefix)
        self.add_collections()
        self.add_routes()

    def add_collections(self):
        for resource in self.collections:
            plural = getattr(resource, "plural", None)
            singular = getattr(resource, "singular", None)
            if not plural or not singular:
                continue
            if getattr(resource, "id_name", None):
                id_name = getattr(resource, "id_name")
            else:
                id_name = "%(singular)s_id" % {"singular": singular}
            item = "/%(plural)s/<int:%(id)s>" % {"plural": plural, "id": id_name}
            self.api.add_resource(resource, "/%s" % plural, item)

    def add_routes(self):
        for r in self.routes:
            urls = [r.url]
            if r.aliases is not None:
                for alias in r.aliases:
                    if self.api_prefix:
                        continue
                    urls.append(alias)
            self.api.add_resource(r.resource, *urls, **r.options)
`;

const RESOURCES = `import flask_restful

from shop import base


class ProductList(flask_restful.Resource):
    plural = "products"
    singular = "product"

    def get(self, product_id=None):
        return []

    def post(self):
        return {}, 201


class Review(flask_restful.Resource):
    plural = "reviews"
    singular = "review"
    id_name = "review_number"

    def get(self, review_number=None):
        return {}

    def delete(self, review_number):
        return "", 204


class Helper(flask_restful.Resource):
    def get(self):
        return {}


class Search(flask_restful.Resource):
    def get(self):
        return []


class Stock(flask_restful.Resource):
    def get(self, product_id):
        return {}

    def put(self, product_id):
        return {}


class Catalog(base.Module):
    name = "catalog"
    collections = [ProductList, Review, Helper]
    routes = [
        base.route(Search, "search", aliases=["/find"]),
        base.route(Stock, "/products/<int:product_id>/stock", endpoint="stock"),
    ]


class Admin(base.Module):
    name = "admin"
    api_prefix = "/admin"
    collections = []
    routes = [base.route(Search, "/search", aliases=["/lookup"])]
`;

const APP = `import flask

from shop import resources

MODULES = (resources.Catalog, resources.Admin)


def create_app():
    app = flask.Flask(__name__)
    for module in MODULES:
        app.register_blueprint(module().blueprint)
    return app
`;

describe("Flask-RESTful resources added by a base class from its subclasses' attributes", () => {
  it("lists every resource each subclass names, under the prefixes the base class builds", async () => {
    const s = await scan({
      "shop/__init__.py": "",
      "shop/base.py": BASE,
      "shop/resources.py": RESOURCES,
      "shop/app.py": APP,
    });
    expect(ids(s)).toEqual(
      [
        // Catalog's collections: `/plural` and `/plural/<int:id>` each, Helper has no keys.
        "GET /api/v2/products",
        "POST /api/v2/products",
        "GET /api/v2/products/{product_id}",
        "POST /api/v2/products/{product_id}",
        "GET /api/v2/reviews",
        "DELETE /api/v2/reviews",
        "GET /api/v2/reviews/{review_number}",
        "DELETE /api/v2/reviews/{review_number}",
        // Catalog's routes: "search" gets its slash, the alias is added (no api prefix).
        "GET /api/v2/search",
        "GET /api/v2/find",
        "GET /api/v2/products/{product_id}/stock",
        "PUT /api/v2/products/{product_id}/stock",
        // Admin: the api prefix from the class attribute; its alias is skipped (a prefix is set).
        "GET /api/v2/admin/search",
      ].sort(),
    );
    const item = endpointById(s, "GET /api/v2/reviews/{review_number}");
    expect(item.handler).toBe("Review.get");
    expect(item.params).toEqual([{ name: "review_number", in: "path", type: "integer", required: true }]);
    expect(endpointById(s, "PUT /api/v2/products/{product_id}/stock").handler).toBe("Stock.put");
  });

  it("runs the project's registering function at each call, with its arguments (Flask's register_api)", async () => {
    // Flask's docs, "Method Views for APIs": one function adds an item view and a group view
    // for each model it is called with.
    const s = await scan({
      "blog/__init__.py": "",
      "blog/views.py": `from flask.views import MethodView


class ItemAPI(MethodView):
    init_every_request = False

    def __init__(self, model):
        self.model = model

    def get(self, id):
        return {}

    def patch(self, id):
        return {}

    def delete(self, id):
        return "", 204


class GroupAPI(MethodView):
    init_every_request = False

    def __init__(self, model):
        self.model = model

    def get(self):
        return []

    def post(self):
        return {}, 201


def register_api(app, model, name):
    item = ItemAPI.as_view(f"{name}-item", model)
    group = GroupAPI.as_view(f"{name}-group", model)
    app.add_url_rule(f"/{name}/<int:id>", view_func=item)
    app.add_url_rule(f"/{name}/", view_func=group)
`,
      "blog/app.py": `from flask import Flask

from blog.views import register_api

app = Flask(__name__)
register_api(app, "User", "users")
register_api(app, "Story", "stories")
`,
    });
    expect(ids(s)).toEqual(
      [
        "GET /users/{id}",
        "PATCH /users/{id}",
        "DELETE /users/{id}",
        "GET /users/",
        "POST /users/",
        "GET /stories/{id}",
        "PATCH /stories/{id}",
        "DELETE /stories/{id}",
        "GET /stories/",
        "POST /stories/",
      ].sort(),
    );
  });

  it("runs a classmethod that registers the class from its own attributes (cls.x)", async () => {
    const s = await scan({
      "api/__init__.py": "",
      "api/base.py": `from flask.views import MethodView


class Endpoint(MethodView):
    rule = None
    url_prefix = "/v1"

    @classmethod
    def register(cls, app):
        view = cls.as_view(cls.__name__.lower())
        app.add_url_rule(cls.url_prefix + cls.rule, view_func=view)
`,
      "api/app.py": `import flask

from api.base import Endpoint


class Health(Endpoint):
    rule = "/health"

    def get(self):
        return {"ok": True}


class Jobs(Endpoint):
    rule = "/jobs/<job_id>"
    url_prefix = "/v2"

    def get(self, job_id):
        return {}

    def delete(self, job_id):
        return "", 204


def create_app():
    app = flask.Flask(__name__)
    for endpoint in (Health, Jobs):
        endpoint.register(app)
    return app
`,
    });
    expect(ids(s)).toEqual(["GET /v1/health", "GET /v2/jobs/{job_id}", "DELETE /v2/jobs/{job_id}"].sort());
    expect(endpointById(s, "DELETE /v2/jobs/{job_id}").handler).toBe("Jobs.delete");
  });
});
