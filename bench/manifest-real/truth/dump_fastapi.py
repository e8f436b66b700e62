"""Print a FastAPI or Starlette app's own route table as JSON lines {method, path}, without serving.

Usage: python3 dump_fastapi.py MODULE:EXPRESSION PACKAGE
EXPRESSION is evaluated in MODULE's namespace and gives the app (`app`, `create_app()`, or an
object's attribute), or a list of apps whose tables are joined (an app built once per mode).
The table is the app's `routes`, walked down through every `Mount` (its path joined before the
sub-app's or router's routes), as Starlette matches a request.
A route is the app's unless its endpoint is FastAPI's own (/docs, /redoc, /openapi.json: not code
of the app, as Flask's `static` is left out of dump_flask.py) or a function of another installed
package than PACKAGE (several: comma-separated), a library's route the app only mounts; an
endpoint wrapped in Starlette's middleware (`CORSMiddleware(handler)`) is the app's route. A
mounted app without routes (static files, a bare ASGI callable) is not a route table.
HEAD is left out where GET is there (Starlette adds it to every GET route); an OPTIONS route is
the app's own (neither framework adds one), and kept, as an Express route naming OPTIONS is.
WebSocket routes are not HTTP routes. A converter is dropped from the template: `{p:path}` is `{p}`.
"""
import importlib
import inspect
import json
import re
import sys

from starlette.routing import Mount, Route

VERBS = ["GET", "POST", "PUT", "PATCH", "DELETE"]

target, package = sys.argv[1], sys.argv[2]
module_name, _, expression = target.partition(":")
built = eval(expression, vars(importlib.import_module(module_name)))  # noqa: S307 - ours (apps.json)


def inside(where, prefixes):
    return any(where == p or where.startswith(p + ".") for p in prefixes)


def owned(endpoint):
    where = getattr(endpoint, "__module__", "") or ""
    if inside(where, package.split(",")):
        return True
    if inside(where, ["fastapi"]):
        return False
    return inside(where, ["starlette"]) or not inspect.isfunction(endpoint)


def methods_of(route):
    """A function route's methods; a class endpoint (HTTPEndpoint) answers each verb it defines;
    an ASGI app given as the endpoint answers every method ("*", as a Django function view)."""
    if route.methods is not None:
        return set(route.methods)
    if inspect.isclass(route.endpoint):
        return {verb for verb in VERBS if callable(getattr(route.endpoint, verb.lower(), None))}
    return {"*"}


def walk(routes, prefix):
    for route in routes:
        if isinstance(route, Mount):
            yield from walk(route.routes, prefix + route.path)
        elif isinstance(route, Route) and owned(route.endpoint):
            methods = methods_of(route)
            if "GET" in methods:
                methods.discard("HEAD")
            for method in sorted(methods):
                yield method, re.sub(r"{([^{}:]+):[^{}]+}", r"{\1}", prefix + route.path)


for app in built if isinstance(built, list) else [built]:
    for method, path in walk(app.routes, ""):
        print(json.dumps({"method": method, "path": path}))
