"""Print a Django project's own URL table as JSON lines {method, path}, without serving.

Usage: python3 dump_django.py URLCONF PACKAGE [INSTALLED_APP ...]
Walks the URL resolver of URLCONF (settings configured here when DJANGO_SETTINGS_MODULE is not
set). A pattern is turned into a template by Django's own `regex_helper.normalize`, so
`^lists/(?P<list_id>[^/]+)/$` is `/lists/{list_id}/`. Methods: a DRF viewset's `actions`; a
class view's handlers among http_method_names; a function view answers any method ("*").
A pattern with an optional slash (`/?`) is
also written with the slash (`also`). DRF's `.{format}` twins of each route are not printed. Only views whose module lives in PACKAGE (several: comma-separated) are printed (admin and other apps' URLconfs are not
code of the app).
"""
import json
import os
import re
import sys

urlconf, package, apps = sys.argv[1], sys.argv[2], sys.argv[3:]
import django
from django.conf import settings

if not os.environ.get("DJANGO_SETTINGS_MODULE"):
    settings.configure(
        ROOT_URLCONF=urlconf.split(",")[0],
        INSTALLED_APPS=["django.contrib.auth", "django.contrib.contenttypes", "django.contrib.sessions",
                        "django.contrib.messages", "django.contrib.staticfiles", "django.contrib.admin", "django.contrib.sites", *apps],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
        SECRET_KEY="bench", USE_TZ=True, STATIC_URL="/static/",
        TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}],
        SITE_ID=1,
        # Settings an app refuses to start without (apps.json `env`).
        **json.loads(os.environ.get("BENCH_DJANGO_SETTINGS", "{}")),
    )
django.setup()
# Documented options turned on (BENCH_DJANGO_PATCH: a module of truth/ whose `patch(settings)`
# sets them), after setup and before any URLconf is imported.
if os.environ.get("BENCH_DJANGO_PATCH"):
    import importlib

    importlib.import_module(os.environ["BENCH_DJANGO_PATCH"]).patch(settings)
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.regex_helper import normalize

HTTP = ["get", "post", "put", "patch", "delete"]


def templates(regex):
    """Every URL form Django's `normalize` gives (an optional group present or not), fullest first."""
    forms = sorted(normalize(regex), key=lambda f: -len(f[1])) or [(regex, [])]
    return [re.sub(r"%\((\w+)\)s", r"{\1}", text) for text, _ in forms]


def methods(callback):
    actions = getattr(callback, "actions", None)
    if actions:
        return sorted(m.upper() for m in actions if m in HTTP)
    cls = getattr(callback, "view_class", None) or getattr(callback, "cls", None)
    if cls is not None:
        allowed = getattr(cls, "http_method_names", HTTP)
        found = [m.upper() for m in HTTP if hasattr(cls, m) and m in allowed]
        # Django answers HEAD with `get` by itself (View.setup), like Flask; a `head` the app's
        # own class writes is code of the app, and counted (as dump_flask.py counts it).
        if "head" in allowed and own_head(cls):
            found.append("HEAD")
        return found or ["*"]
    return ["*"]


def own_head(cls):
    return any("head" in vars(c) and not c.__module__.startswith("django.") for c in cls.__mro__)


def module_of(callback):
    cls = getattr(callback, "view_class", None) or getattr(callback, "cls", None)
    return (cls or callback).__module__ or ""


def walk(patterns, prefix):
    for p in patterns:
        regex = p.pattern.regex.pattern
        if isinstance(p, URLResolver):
            yield from walk(p.url_patterns, prefix + regex.lstrip("^").rstrip("$"))
        elif isinstance(p, URLPattern):
            yield prefix + regex.lstrip("^"), p.callback


# URLCONF may name several (comma-separated): a package shipping one URLconf per backend.
for regex, callback in [x for conf in urlconf.split(",") for x in walk(get_resolver(conf).url_patterns, "")]:
    if "(?P<format>" in regex:
        continue  # DRF's format-suffix twins (`/users.json`): added by the framework, like HEAD
    where = module_of(callback)
    if not any(where == p or where.startswith(p + ".") for p in package.split(",")):
        continue
    # The fullest form is the route; the others (an optional group left out, and `x/?$` with
    # its slash, which Django's own template drops) are other spellings of it.
    forms = templates(regex) + templates(regex.replace("/?", "/"))
    path = "/" + forms[0]
    also = sorted({"/" + f for f in forms} - {path})
    for method in methods(callback):
        print(json.dumps({"method": method, "path": path, **({"also": also} if also else {})}))
