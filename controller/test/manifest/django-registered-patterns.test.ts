// Django URLconfs reached and filled in two documented ways:
// - `include(module)`: Django's `include()` takes the URLconf module itself as well as its
//   dotted name ("module – URLconf module (or module name)", django.urls functions docs).
// - `urlpatterns` is "a sequence of path() and/or re_path() instances" that Python code may
//   build; a project's own decorator (`@urls.register` over a class view) that appends
//   `re_path(view.url_regex, view.as_view())` to it runs with the class, as `C = register(C)`
//   does (PEP 318 / PEP 3129: a decorator is called with what it decorates).
// Written from those documents, not copied from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const settings = `ROOT_URLCONF = "proj.urls"\n`;

describe("Django patterns included as a module and registered by a project decorator", () => {
  it("walks a URLconf handed to include() as a module object", async () => {
    const s = await scan({
      "proj/__init__.py": "",
      "proj/settings.py": settings,
      "proj/views.py": `def home(request):
    return None


def about(request):
    return None
`,
      "proj/pages/__init__.py": "",
      "proj/pages/urls.py": `from django.urls import path

from proj import views

urlpatterns = [path("about/", views.about)]
`,
      "proj/urls.py": `from django.urls import include, path

from proj import views
from proj.pages import urls as page_urls

urlpatterns = [
    path("", views.home),
    path("pages/", include(page_urls)),
]
`,
    });
    expect(ids(s)).toEqual(["GET /", "GET /pages/about/"]);
  });

  it("lists the class views a project decorator appends to a URLconf's urlpatterns", async () => {
    const s = await scan({
      "proj/__init__.py": "",
      "proj/settings.py": settings,
      "proj/api/__init__.py": "from proj.api import servers  # noqa: F401 (registers its views)\n",
      "proj/api/urls.py": `from django.urls import re_path

urlpatterns = []


def register(view):
    """Registers a class view at its url_regex."""
    urlpatterns.append(re_path(view.url_regex, view.as_view()))
    return view
`,
      "proj/api/servers.py": `from django.views import generic

from proj.api import urls


@urls.register
class Servers(generic.View):
    url_regex = r"^servers/$"

    def get(self, request):
        return None

    def post(self, request):
        return None


@urls.register
class Server(generic.View):
    url_regex = r"^servers/(?P<server_id>[^/]+)$"

    def delete(self, request, server_id):
        return None
`,
      "proj/urls.py": `from django.urls import include, re_path

urlpatterns = [re_path(r"^api/", include("proj.api.urls"))]
`,
    });
    expect(ids(s)).toEqual(["DELETE /api/servers/{server_id}", "GET /api/servers/", "POST /api/servers/"]);
  });
});
