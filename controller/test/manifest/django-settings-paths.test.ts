// Django URL patterns built from settings (issue 20, point 5): `from django.conf import
// settings` gives the names of the project's settings module (Django's documented settings
// object), and `str.format` fills named fields (`"^{mount}me/$".format(mount=settings.X)`).
// Written from Django's documentation (settings, URL dispatcher), not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const views = `from django.http import HttpResponse


def index(request):
    return HttpResponse("")


def me(request):
    return HttpResponse("")


def item(request, pk):
    return HttpResponse("")
`;

describe("Django URL patterns built from settings", () => {
  it("reads settings.X from the settings module and fills named format fields", async () => {
    const s = await scan({
      "site/__init__.py": "",
      "site/settings/__init__.py": "",
      "site/settings/common.py": `ROOT_URLCONF = "site.urls"
MOUNT_POINT = "lab/"
`,
      "site/settings/prod.py": "from site.settings.common import *  # noqa\n",
      "site/views.py": views,
      "site/urls.py": `from django.conf import settings
from django.urls import re_path

from site.views import index, item, me

urlpatterns = [
    re_path(r"^{mount_point}$".format(mount_point=settings.MOUNT_POINT), index),
    re_path(r"^{mount}me/$".format(mount=settings.MOUNT_POINT), me),
    re_path(r"^{0}items/(?P<pk>[0-9]+)/$".format(settings.MOUNT_POINT), item),
]
`,
    });
    expect(ids(s)).toEqual(["GET /lab/", "GET /lab/items/{pk}/", "GET /lab/me/"]);
  });
});
