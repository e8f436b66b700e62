// A view wrapped in a URLconf by a function of the project that marks it and hands it back
// (issue 20, point 5). Django's documentation decorates views in the URLconf itself
// (`path("about/", login_required(TemplateView.as_view(…)))`, "Decorating in URLconf"); a
// project's own decorator may return the very function it was given after setting an attribute
// on it, which Python makes the same view. Written from Django's documentation and Python's
// semantics, not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Django views wrapped in the URLconf by a project function returning its argument", () => {
  it("lists function and class views a marking decorator hands back, also with more arguments", async () => {
    const s = await scan({
      "site/__init__.py": "",
      "site/settings.py": `ROOT_URLCONF = "site.urls"\n`,
      "site/access.py": `def public_view(func):
    """Marks a view as open to every signed-in user."""
    setattr(func, "IS_PUBLIC", True)
    return func


def group_view(func, group_name):
    func.GROUP_NAME = group_name
    return func
`,
      "site/views.py": `from django.http import HttpResponse
from django.views.generic import FormView


def about(request):
    return HttpResponse("about")


def profile(request):
    return HttpResponse("profile")


class AliasView(FormView):
    template_name = "aliases.html"
`,
      "site/urls.py": `from django.urls import path, re_path

from site import views
from site.access import group_view, public_view

urlpatterns = [
    path("about/", public_view(views.about)),
    re_path(r"^vpn/profile/$", group_view(views.profile, "vpn")),
    path("aliases/", public_view(views.AliasView.as_view())),
]
`,
    });
    expect(ids(s)).toEqual([
      "GET /about/",
      "GET /aliases/",
      "GET /vpn/profile/",
      "POST /aliases/",
      "PUT /aliases/",
    ]);
  });
});
