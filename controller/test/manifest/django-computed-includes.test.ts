// Django URLconfs a project includes by a module path it computes at run time (issue 20, point 5).
// Django's `include(arg)` takes "the full Python import path" of a URLconf module as a string, or
// a 2-tuple `(urlconf_module, app_name)` whose first item may be that string; `import_module`
// loads it when the URLconf is read. A project that builds the path itself (`name + ".urls"`,
// once per installed app or plugin) includes URLconfs the scan cannot name: those of its own
// modules that no URLconf includes by name. Written from Django's documentation of include()
// and its own source (django/urls/conf.py), not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const appUrls = (app: string) => ({
  [`site/apps/${app}/__init__.py`]: "",
  [`site/apps/${app}/views.py`]: `from django.http import HttpResponse


def listing(request):
    return HttpResponse("${app}")


def detail(request, pk):
    return HttpResponse("${app}")
`,
  [`site/apps/${app}/urls.py`]: `from django.urls import path

from . import views

urlpatterns = [
    path("${app}/", views.listing),
    path("${app}/<int:pk>/", views.detail),
]
`,
});

const site = (loader: string) => ({
  "site/__init__.py": "",
  "site/apps/__init__.py": "",
  "site/settings.py": `ROOT_URLCONF = "site.urls"\nINSTALLED_APPS = ["django.contrib.auth", "site"]\n`,
  "site/views.py": `from django.http import HttpResponse


def index(request):
    return HttpResponse("home")
`,
  "site/urls.py": `from django.urls import path

from site import views

urlpatterns = [path("", views.index)]
`,
  "site/loader.py": loader,
  ...appUrls("blog"),
  ...appUrls("notes"),
});

describe("Django URLconfs included by a computed module path", () => {
  it("lists the project's URLconfs nobody includes by name where a computed include mounts them", async () => {
    const s = await scan(
      site(`from django.urls import include, re_path

from site import urls


def include_app_urls(app_modules):
    for module in app_modules:
        urls.urlpatterns += [re_path(r"", include((module + ".urls", module)))]
`),
    );
    expect(ids(s)).toEqual(["GET /", "GET /blog/", "GET /blog/{pk}/", "GET /notes/", "GET /notes/{pk}/"]);
  });

  it("mounts them under the computed include's own prefix", async () => {
    const s = await scan(
      site(`from django.urls import include, path

from site import urls


def add_plugins(names):
    for name in names:
        urls.urlpatterns.append(path("plugins/", include(f"{name}.urls")))
`),
    );
    expect(ids(s)).toEqual([
      "GET /",
      "GET /plugins/blog/",
      "GET /plugins/blog/{pk}/",
      "GET /plugins/notes/",
      "GET /plugins/notes/{pk}/",
    ]);
  });

  it("without a computed include, a URLconf nothing includes is not served", async () => {
    const s = await scan(site(`from site import urls\n`));
    expect(ids(s)).toEqual(["GET /"]);
  });
});
