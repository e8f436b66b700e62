// A Python sub-package scanned in its own folder (`e2e manifest site-packages/proj/agent/api`)
// whose code imports itself by its full dotted name, as the import system documents
// (docs.python.org, "The import system": `from package.sub import name`, `from package import
// submodule`). The folder does not hold its own dotted name; the imports do. Written from those
// rules and Flask's `add_url_rule(rule=…)` (flask.palletsprojects.com, API), not from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const API_FILES = {
  "proj/__init__.py": "",
  "proj/agent/__init__.py": "",
  "proj/agent/api/__init__.py": "VERSION = '2.0'\n",
  "proj/agent/api/info.py": "def details():\n    return {}\n",
  "proj/agent/api/server.py": `import flask

from proj.agent import api
from proj.agent.api import info

PATH_PREFIX = '/' + api.VERSION


class Server(object):
    def __init__(self):
        self.app = flask.Flask(__name__)
        self.app.add_url_rule(rule='/', view_func=self.index, methods=['GET'])
        self.app.add_url_rule(rule=PATH_PREFIX + '/details',
                              view_func=info.details, methods=['GET'])
        self.app.add_url_rule(rule=PATH_PREFIX +
                              '/listeners/<listener_id>'
                              '/config',
                              view_func=self.upload, methods=['PUT'])

    def index(self):
        return {}

    def upload(self, listener_id):
        return {}
`,
};

describe("a Python sub-package scanned in its own folder", () => {
  it("reads a constant of the folder's own package imported by its full dotted name (`from proj.agent import api`)", async () => {
    const s = await scan(API_FILES, "proj/agent/api");
    expect(ids(s)).toEqual(["GET /", "GET /2.0/details", "PUT /2.0/listeners/{listener_id}/config"]);
  });

  it("does not take a library package for the folder's own when a module name of the folder matches (`from django.conf import settings` beside settings.py)", async () => {
    // Django's documented way to read settings, in a project folder that has its own
    // settings.py, and `from django.conf.urls import include` in the folder's urls.py: that
    // import would be urls.py importing from itself if `django.conf` were the folder.
    const s = await scan(
      {
        "site/__init__.py": "",
        "site/settings.py": "ROOT_URLCONF = 'urls'\n",
        "site/urls.py": `from django.conf import settings
from django.conf.urls import include
from django.urls import re_path
from . import views

urlpatterns = [
    re_path(r'^$', views.index),
    re_path(r'^search/', include([re_path(r'^(?P<q>\\w+)/$', views.search)])),
]
`,
        "site/views.py": `from django.conf import settings
from django.shortcuts import render

def index(request):
    return render(request, "index.html")

def search(request, q):
    return render(request, "search.html")
`,
        "site/templatetags/__init__.py": "",
        "site/templatetags/media.py": "from django.conf import settings\n",
      },
      "site",
    );
    expect(ids(s).map((id) => id.replace(/^\S+ /, ""))).toEqual(
      expect.arrayContaining(["/", "/search/{q}/"]),
    );
  });

  it("reads the same routes when the whole project is scanned", async () => {
    const s = await scan(API_FILES, ".");
    expect(ids(s)).toEqual(["GET /", "GET /2.0/details", "PUT /2.0/listeners/{listener_id}/config"]);
  });
});
