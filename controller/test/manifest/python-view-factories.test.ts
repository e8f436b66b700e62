// Python routes declared through the project's own helpers (issue 20, point 5): a Django view
// made by a function that defines and returns it (Django: a view is any callable taking a
// request), and a Flask route decorator of the project that forwards its keyword options to
// `app.route(rule, **options)` (Flask: `route(rule, **options)` hands them to the Rule, `methods`
// among them). Written from the frameworks' documentation, not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Python routes made by the project's own helpers", () => {
  it("routes Django to the function a view factory returns", async () => {
    const s = await scan({
      "notes/__init__.py": "",
      "notes/urls.py": `from django.urls import path
from notes import views

urlpatterns = [
    path("post/", views.post_note),
    path("posted/", views.note_done),
    path("flagged/", views.flag_done),
]
`,
      "notes/views.py": `from django.http import HttpResponse
from django.shortcuts import render


def done_page(template, doc="A confirmation page."):
    def confirmed(request):
        return render(request, template)

    confirmed.__doc__ = doc
    return confirmed


def post_note(request):
    return HttpResponse("ok")


note_done = done_page("notes/posted.html")
flag_done = done_page(template="notes/flagged.html", doc="Flagged.")
`,
    });
    expect(ids(s)).toEqual(["GET /flagged/", "GET /posted/", "GET /post/"].sort());
  });

  it("takes a Flask route's methods from keyword options a project decorator forwards with **", async () => {
    const s = await scan({
      "app.py": `import functools

import flask

app = flask.Flask(__name__)


def api(rule, public=False, **route_options):
    def outer(func):
        @app.route(rule, **route_options)
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)

        return wrapper

    return outer


@api("/", public=True, methods=["GET"])
def root():
    return {}


@api("/v1/rules", methods=["GET", "POST", "DELETE"])
def rules():
    return {}


@api("/v1/continue", public=True, methods=["POST"])
def cont():
    return {}


@api("/v1/ping")
def ping():
    return {}
`,
    });
    expect(ids(s)).toEqual(
      [
        "GET /",
        "DELETE /v1/rules",
        "GET /v1/rules",
        "POST /v1/rules",
        "POST /v1/continue",
        "GET /v1/ping",
      ].sort(),
    );
  });
});
