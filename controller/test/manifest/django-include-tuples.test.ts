// Readings of Django's and DRF's own documents and code, not copied from an app:
// - `include((urlconf_module, app_name))`: the 2-tuple's first item may be the URLconf module
//   object or its dotted name, as a lone argument may ("urlconf_module – URLconf module (or
//   module name)", django.urls functions docs; `include` unpacks the tuple, then imports a string).
// - A regex route ends at its first unanchored `$`: Django's `regex_helper.normalize` reads no
//   further, so `%s$` filled with `detail\?tab=x$` names `detail?tab=x`, not a path with a `$`.
// - DRF's `format_suffix_patterns(urlpatterns)` returns the patterns and their `.{format}` twins.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const views = `def index(request):
    return None


def detail(request, item_id):
    return None
`;

describe("Django include tuples and end anchors", () => {
  it("walks a URLconf handed to include() as the first item of a (module, app_name) tuple", async () => {
    const s = await scan({
      "proj/__init__.py": "",
      "proj/settings.py": `ROOT_URLCONF = "proj.urls"\n`,
      "proj/views.py": views,
      "proj/extras/__init__.py": "",
      "proj/extras/urls.py": `from django.urls import re_path

from proj import views

urlpatterns = [re_path(r"^$", views.index, name="index")]
`,
      "proj/specs/__init__.py": "",
      "proj/specs/urls.py": `from django.urls import path

from proj import views

urlpatterns = [path("<item_id>/", views.detail)]
`,
      "proj/urls.py": `from django.urls import include, re_path

from proj.extras import urls as extras_urls

urlpatterns = [
    re_path(r"^(?P<type_id>[^/]+)/extras/", include((extras_urls, "extras"))),
    re_path(r"^specs/", include(("proj.specs.urls", "specs"), namespace="specs")),
]
`,
    });
    expect(ids(s)).toEqual(["GET /specs/{item_id}/", "GET /{type_id}/extras/"]);
  });

  it("ends a regex route at its first end anchor", async () => {
    const s = await scan({
      "proj/__init__.py": "",
      "proj/settings.py": `ROOT_URLCONF = "proj.urls"\n`,
      "proj/views.py": views,
      "proj/urls.py": `from django.urls import re_path

from proj import views

ITEM = r"^(?P<item_id>[^/]+)/%s$"

urlpatterns = [
    re_path(ITEM % "detail", views.detail),
    re_path(ITEM % r"detail\\?tab=item_tabs__ports_tab$", views.detail),
]
`,
    });
    expect(ids(s)).toEqual(["GET /{item_id}/detail", "GET /{item_id}/detail?tab=item_tabs__ports_tab"]);
  });
});

describe("DRF format_suffix_patterns", () => {
  it("lists the patterns it is handed (its `.{format}` twins are the framework's)", async () => {
    const s = await scan({
      "proj/__init__.py": "",
      "proj/settings.py": `ROOT_URLCONF = "proj.urls"\n`,
      "proj/views.py": views,
      "proj/urls.py": `from django.urls import path
from rest_framework.urlpatterns import format_suffix_patterns

from proj import views

urlpatterns = format_suffix_patterns([path("items/", views.index), path("items/<item_id>/", views.detail)])
`,
    });
    expect(ids(s)).toEqual(["GET /items/", "GET /items/{item_id}/"]);
  });
});
