// Patterns as real projects write them (issue 20), each scanned from a small tree on disk: the
// scanners were shaped on our own fixtures and missed these in apps nobody here wrote.

import { afterAll, describe, expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { scanService } from "../../src/manifest/scan-service.js";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { makeProject, type Project } from "../helpers/project.js";

const projects: Project[] = [];
afterAll(() => {
  for (const p of projects) p.remove();
});

async function scan(files: Record<string, string>, sub = ""): Promise<ServiceManifest> {
  const p = makeProject(files);
  projects.push(p);
  const root = sub ? `${p.dir}/${sub}` : p.dir;
  const { service } = await scanService({ name: "app", root, displayRoot: "app", parser: codeGraphParser });
  return service;
}

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Django", () => {
  it("reads an optional trailing slash `/?$` of re_path and url() as the slash, and unnamed groups as parameters", async () => {
    const s = await scan({
      "mysite/settings.py": 'ROOT_URLCONF = "mysite.urls"\n',
      "mysite/urls.py": `from django.conf.urls import url, include
from django.urls import re_path
from rest_framework.views import APIView
from api import views

urlpatterns = [
    url(r'^api/', include('api.urls')),
    re_path(r'^health/?$', views.Health.as_view()),
]
`,
      "api/__init__.py": "",
      "api/urls.py": `from django.conf.urls import url
from . import views

urlpatterns = [
    url(r'^users/?$', views.UserList.as_view()),
    url(r'^users/(?P<pk>[0-9]+)/?$', views.UserDetail.as_view()),
    url(r'^tags/([\\w-]+)/?$', views.TagDetail.as_view()),
    url(r'^export\\.csv$', views.Export.as_view()),
]
`,
      "api/views.py": `from rest_framework.views import APIView

class Health(APIView):
    def get(self, request):
        pass

class UserList(APIView):
    def get(self, request):
        pass
    def post(self, request):
        pass

class UserDetail(APIView):
    def get(self, request, pk):
        pass

class TagDetail(APIView):
    def get(self, request, *args):
        pass

class Export(APIView):
    def get(self, request):
        pass
`,
    });
    expect(ids(s)).toEqual([
      "GET /api/export.csv",
      "GET /api/tags/{arg1}/",
      "GET /api/users/",
      "GET /api/users/{pk}/",
      "GET /health/",
      "POST /api/users/",
    ]);
  });

  it("scans a package's own folder: `from mailinglists.views import list` finds views/list.py, and plain Django views are listed", async () => {
    const s = await scan(
      {
        "mailinglists/__init__.py": "",
        "mailinglists/urls.py": `from django.conf.urls import include
from django.urls import re_path
from mailinglists.views import list as list_views

list_patterns = [
    re_path(r'^$', list_views.ListSummaryView.as_view(), name='list_summary'),
    re_path(r'^csv_view/$', list_views.csv_view, name='csv_view'),
]
urlpatterns = [
    re_path(r'^lists/(?P<list_id>[^/]+)/', include(list_patterns)),
]
`,
        "mailinglists/views/__init__.py": "",
        "mailinglists/views/list.py": `from django.views.generic import TemplateView

class ListSummaryView(TemplateView):
    def get(self, request, list_id):
        return None

    def post(self, request, list_id):
        return None

def csv_view(request, list_id):
    return None
`,
      },
      "mailinglists",
    );
    expect(ids(s)).toEqual([
      "GET /lists/{list_id}/",
      "GET /lists/{list_id}/csv_view/",
      "POST /lists/{list_id}/",
    ]);
  });

  it("reads DRF's @action methods given by position, a Django generic view's inherited methods, and `from pkg import views` in the package's own folder", async () => {
    const s = await scan(
      {
        "accounts/__init__.py": "",
        "accounts/conf.py": "USER_ID_FIELD = 'pk'\n",
        "accounts/urls.py": `from django.urls import path, include
from rest_framework.routers import DefaultRouter
from accounts import views
from accounts.conf import USER_ID_FIELD

router = DefaultRouter()
router.register("users", views.UserViewSet)
urlpatterns = [
    path("", include(router.urls)),
    path("signup/", views.SignupView.as_view()),
    path("done/", views.DoneView.as_view()),
]
`,
        "accounts/views.py": `from django.views.generic import FormView, TemplateView
from rest_framework import viewsets
from rest_framework.decorators import action

class UserViewSet(viewsets.ReadOnlyModelViewSet):
    @action(["post"], detail=False)
    def activation(self, request):
        return None

class SignupView(FormView):
    template_name = "signup.html"

class DoneView(TemplateView):
    template_name = "done.html"
`,
      },
      "accounts",
    );
    expect(ids(s)).toEqual([
      "GET /done/",
      "GET /signup/",
      "GET /users/",
      "GET /users/{pk}/",
      "POST /signup/",
      "POST /users/activation/",
      "PUT /signup/",
    ]);
  });

  it("follows include('pkg.ui.urls') in a namespace package's folder, views wrapped in login_required or sensitive_post_parameters(…), and lists a class built by a factory as GET", async () => {
    const s = await scan(
      {
        "tracker/server/urls.py": `from django.urls import include, path
from django.contrib.auth.decorators import login_required
from django.views.decorators.debug import sensitive_post_parameters
from tracker.ui import views

urlpatterns = [
    path("", include("tracker.ui.urls")),
    path("me/", login_required(views.Profile.as_view())),
    path("login/", sensitive_post_parameters("password")(views.Login.as_view())),
]
`,
        "tracker/ui/__init__.py": "",
        "tracker/ui/urls.py": `from django.urls import path
from tracker.ui import views

urlpatterns = [path("items/", views.ItemList.as_view())]
`,
        "tracker/ui/views.py": `from django.views.generic import DetailView
from tracker.ui.factory import make_views

bases = make_views()

class ItemList(bases.ItemList):
    pass

class Profile(DetailView):
    pass

class Login(DetailView):
    def post(self, request):
        return None
`,
        "tracker/ui/factory.py": "def make_views():\n    return None\n",
      },
      "tracker",
    );
    expect(ids(s)).toEqual(["GET /items/", "GET /login/", "GET /me/", "POST /login/"]);
  });
});

describe("Flask", () => {
  it("reads a project's own route decorator (`@api_routing('/ping')` calling add_url_rule with a `.format`ted twin) and a blueprint's routes in modules star-imported below it", async () => {
    const s = await scan({
      "web.py": `from flask import Flask
from api import api
from frontend import frontend

def create_application():
    app = Flask(__name__)
    app.register_blueprint(frontend)
    app.register_blueprint(api, url_prefix="/rest")
    return app
`,
      "api/__init__.py": `from flask import Blueprint
api = Blueprint("api", __name__)

def api_routing(endpoint):
    def decorator(func):
        viewendpoint = "{}.view".format(endpoint)
        api.add_url_rule(endpoint, view_func=func, methods=["GET", "POST"])
        api.add_url_rule(viewendpoint, view_func=func, methods=["GET", "POST"])
        return func
    return decorator

from .system import *
`,
      "api/system.py": `from . import api_routing

@api_routing("/ping")
def ping():
    return "pong"
`,
      "frontend/__init__.py": `from flask import Blueprint
frontend = Blueprint("frontend", __name__)

@frontend.route("/")
def index():
    return "x"

from .playlist import *
`,
      "frontend/playlist.py": `from . import frontend

@frontend.route("/playlist")
def playlist_index():
    return "y"
`,
    });
    expect(ids(s)).toEqual([
      "GET /",
      "GET /playlist",
      "GET /rest/ping",
      "GET /rest/ping.view",
      "POST /rest/ping",
      "POST /rest/ping.view",
    ]);
  });

  it("keeps `flask.views` Flask's own in a package folder that has a views package of its own", async () => {
    const s = await scan(
      {
        "pastebin/__init__.py": "",
        "pastebin/app.py": `from flask import Flask
from .views import blueprint

def create_app():
    app = Flask(__name__)
    app.register_blueprint(blueprint)
    return app
`,
        "pastebin/views/__init__.py": `from flask import Blueprint
from .display import DisplayView

blueprint = Blueprint('pastebin', __name__)
blueprint.add_url_rule('/<itemname>', view_func=DisplayView.as_view('display'))
`,
        "pastebin/views/display.py": `from flask.views import MethodView

class DisplayView(MethodView):
    def get(self, itemname):
        return itemname

    def post(self, itemname):
        return itemname
`,
      },
      "pastebin",
    );
    expect(ids(s)).toEqual(["GET /{itemname}", "POST /{itemname}"]);
  });

  it("finds routes registered on an app held in an attribute of a class", async () => {
    const s = await scan({
      "server.py": `from flask import Flask, jsonify, request

class Server:
    def __init__(self, name):
        self.app = Flask(name)
        self.setup_routes()

    def setup_routes(self):
        @self.app.route("/status", methods=["GET"])
        def status():
            return jsonify(ok=True)

        @self.app.route("/jobs/<int:job_id>", methods=["GET", "DELETE"])
        def job(job_id):
            return jsonify(id=job_id)

        self.app.add_url_rule("/ping", "ping", self.ping)

    def ping(self):
        return "pong"

    def run(self):
        self.app.run()
`,
    });
    expect(ids(s)).toEqual(["DELETE /jobs/{job_id}", "GET /jobs/{job_id}", "GET /ping", "GET /status"]);
    expect(s.endpoints.find((e) => e.id === "GET /jobs/{job_id}")?.params).toContainEqual(
      expect.objectContaining({ name: "job_id", in: "path", type: "integer" }),
    );
  });
});

describe("Express", () => {
  it("expands path arrays and `a|b` alternations into one endpoint per path", async () => {
    const s = await scan({
      "package.json": '{"name":"app","dependencies":{"express":"^4.18.0"}}',
      "src/app.js": `const express = require("express");
const auth = require("./routes/auth");
const app = express();
app.use("/api", auth);
app.get(["/", "/home"], (req, res) => res.send("hi"));
module.exports = app;
`,
      "src/routes/auth.js": `const router = require("express").Router();
router.post(["/login", "/signin"], (req, res) => res.json({}));
router.post("/users|register|signup", (req, res) => res.json({}));
router.get("/:id(\\\\d+)", (req, res) => res.json({}));
router.get("/:lang(en|fr)/terms", (req, res) => res.send(""));
router.get("/(about|team)/contact", (req, res) => res.send(""));
module.exports = router;
`,
    });
    expect(ids(s)).toEqual([
      "GET /",
      "GET /api/about/contact",
      "GET /api/team/contact",
      "GET /api/{id}",
      "GET /api/{lang}/terms",
      "GET /home",
      "POST /api/login",
      "POST /api/register",
      "POST /api/signin",
      "POST /api/signup",
      "POST /api/users",
    ]);
  });
});

describe("Express, destructured", () => {
  it("finds the routes of a file that takes Router from a destructured require", async () => {
    const s = await scan({
      "routes/orders.js": `const { Router } = require("express");
const router = Router();
router.get("/orders/:id", (req, res) => res.json({}));
module.exports = router;
`,
    });
    expect(ids(s)).toEqual(["GET /orders/{id}"]);
  });
});

describe("FastAPI", () => {
  it("keeps a description written as implicitly joined strings", async () => {
    const s = await scan({
      "main.py": `from fastapi import FastAPI

app = FastAPI()

@app.get(
    "/items",
    summary="List items",
    description=(
        "Returns every item "
        "the caller may see."
    ),
)
def list_items():
    return []
`,
    });
    expect(s.endpoints[0]).toMatchObject({
      id: "GET /items",
      summary: "List items",
      description: "Returns every item the caller may see.",
    });
  });

  it("takes a router prefix from a settings class default", async () => {
    const s = await scan({
      "app/__init__.py": "",
      "app/core/__init__.py": "",
      "app/core/config.py": `import os
from pydantic_settings import BaseSettings

class Settings(BaseSettings):
    PROJECT_NAME: str = "shop"
    api_prefix: str = "/api"
    API_V1_STR: str = os.getenv("API_V1_STR", "/v1")

settings = Settings()
`,
      "app/main.py": `from fastapi import FastAPI
from app.core.config import settings
from app.api import router

app = FastAPI(title=settings.PROJECT_NAME)
app.include_router(router, prefix=settings.api_prefix)
`,
      "app/api.py": `from fastapi import APIRouter
from app.core.config import settings

router = APIRouter()
items = APIRouter(prefix=settings.API_V1_STR + "/items")

@items.get("/{item_id}")
def read_item(item_id: int):
    return {}

router.include_router(items)
`,
    });
    expect(ids(s)).toEqual(["GET /api/v1/items/{item_id}"]);
  });

  it("takes a prefix from a cached settings factory (FastAPI's documented pattern) and a Field default", async () => {
    const s = await scan({
      "src/__init__.py": "",
      "src/config.py": `from functools import lru_cache
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env")
    api_prefix: str = Field(default="/api/v2", alias="API_PREFIX")
    docs_prefix: str = Field("/meta")

@lru_cache
def get_settings():
    return Settings()
`,
      "src/main.py": `from fastapi import FastAPI
from src.config import get_settings
from src import routes

settings = get_settings()
app = FastAPI()
app.include_router(routes.router, prefix=settings.api_prefix)
app.include_router(routes.meta, prefix=get_settings().docs_prefix)
`,
      "src/routes.py": `from fastapi import APIRouter

router = APIRouter(tags=["orders"])
meta = APIRouter()

@router.get("/orders")
async def list_orders():
    return []

@meta.get("/version")
async def version():
    return {}
`,
    });
    expect(ids(s)).toEqual(["GET /api/v2/orders", "GET /meta/version"]);
  });
});

describe("Fastify with @fastify/autoload", () => {
  it("puts each route plugin of an autoloaded folder under its folder path, as fastify-cli's app does", async () => {
    const s = await scan({
      "package.json":
        '{"name":"app","dependencies":{"fastify":"^5","@fastify/autoload":"^6","fastify-cli":"^8"}}',
      "app.js": `'use strict'

const path = require('node:path')
const AutoLoad = require('@fastify/autoload')

const options = {}

module.exports = async function (fastify, opts) {
  fastify.register(AutoLoad, {
    dir: path.join(__dirname, 'plugins'),
    options: Object.assign({}, opts)
  })

  fastify.register(AutoLoad, {
    dir: path.join(__dirname, 'routes'),
    options: Object.assign({}, opts)
  })
}

module.exports.options = options
`,
      "plugins/sensible.js": `'use strict'

const fp = require('fastify-plugin')

module.exports = fp(async function (fastify, opts) {
  fastify.register(require('@fastify/sensible'), { errorHandler: false })
})
`,
      "plugins/support.js": `'use strict'

const fp = require('fastify-plugin')

module.exports = fp(async function (fastify, opts) {
  fastify.decorate('someSupport', function () {
    return 'hugs'
  })
})
`,
      "routes/root.js": `'use strict'

module.exports = async function (fastify, opts) {
  fastify.get('/', async function (request, reply) {
    return { root: true }
  })
}
`,
      "routes/example/index.js": `'use strict'

module.exports = async function (fastify, opts) {
  fastify.get('/', async function (request, reply) {
    return 'this is an example'
  })
}
`,
    });
    expect(s.frameworks).toEqual(["fastify"]);
    expect(ids(s)).toEqual(["GET /", "GET /example"]);
  });

  // The expected routes are those fastify's onRoute hook listed for the same app in JavaScript
  // (fastify 5, @fastify/autoload 6): autoPrefix replaces the folder's prefix, under options.prefix.
  it("applies options.prefix, nested folders, route params, autoPrefix and fastify.route({method, url}) in TypeScript", async () => {
    const s = await scan({
      "src/app.ts": `import { join } from "node:path";
import AutoLoad, { type AutoloadPluginOptions } from "@fastify/autoload";
import type { FastifyPluginAsync } from "fastify";

const app: FastifyPluginAsync<AutoloadPluginOptions> = async (fastify, opts): Promise<void> => {
  void fastify.register(AutoLoad, {
    dir: join(__dirname, "routes"),
    routeParams: true,
    autoHooks: true,
    cascadeHooks: true,
    options: { ...opts, prefix: "/api" },
  });
};

export default app;
`,
      "src/routes/users/index.ts": `import type { FastifyPluginAsync } from "fastify";

const users: FastifyPluginAsync = async (fastify): Promise<void> => {
  fastify.get("/", async () => []);
  fastify.route({ method: ["POST"], url: "/", handler: async () => ({}) });
};

export default users;
`,
      "src/routes/users/_id/index.ts": `export default async function (fastify: any) {
  fastify.get("/", async () => ({}));
  fastify.delete("/", async () => ({}));
}
`,
      "src/routes/admin/report.ts": `export const autoPrefix = "/r";
export default async function (fastify: any) {
  fastify.get("/x", async () => ({}));
}
`,
      "src/routes/users/autohooks.ts": `export default async function (fastify: any) {
  fastify.addHook("onRequest", fastify.authenticate);
}
`,
      "src/routes/health.ts": `export const autoPrefix = "/health";
export default async function (fastify: any) {
  fastify.get("/live", async () => ({ ok: true }));
}
`,
    });
    expect(ids(s)).toEqual([
      "DELETE /api/users/{id}",
      "GET /api/health/live",
      "GET /api/r/x",
      "GET /api/users",
      "GET /api/users/{id}",
      "POST /api/users",
    ]);
    // users/autohooks.ts adds an auth hook; with cascadeHooks it reaches users/_id too.
    expect(
      s.endpoints
        .filter((e) => e.auth)
        .map((e) => e.id)
        .sort(),
    ).toEqual(["DELETE /api/users/{id}", "GET /api/users", "GET /api/users/{id}", "POST /api/users"]);
  });

  it("reads the plugin under its former name, fastify-autoload", async () => {
    const s = await scan({
      "index.js": `const path = require("path");
const fastify = require("fastify")({ logger: true });

fastify.register(require("fastify-autoload"), {
  dir: path.join(__dirname, "services"),
});

fastify.listen(3000);
`,
      "services/users.js": `module.exports = async function (fastify, opts) {
  fastify.get("/users", async () => []);
};
module.exports.autoPrefix = "/v1";
`,
    });
    expect(ids(s)).toEqual(["GET /v1/users"]);
  });
});

describe("an app handed to a function that adds its routes", () => {
  it("lists the routes `routes(app)` and `require('./routes/api')(app)` add, also for `var app = module.exports = koa()`", async () => {
    const express = await scan({
      "app.js": `var express = require('express');
var app = express();
require('./routes/api')(app);
var routes = require('./routes/web');
routes(app);
`,
      "routes/api.js": "module.exports = function (app) {\n  app.get('/api/items', list);\n};\n",
      "routes/web.js": "function routes(app) {\n  app.post('/login', login);\n}\nmodule.exports = routes;\n",
    });
    expect(ids(express)).toEqual(["GET /api/items", "POST /login"]);
    const koa = await scan({
      "servers/registry.js": `var koa = require('koa');
var app = module.exports = koa();
var routes = require('../routes/registry');
routes(app);
`,
      "routes/registry.js":
        "function routes(app) {\n  app.get('/-/all', listAll);\n  app.put('/:name', save);\n}\nmodule.exports = routes;\n",
    });
    expect(ids(koa)).toEqual(["GET /-/all", "PUT /{name}"]);
  });
});
