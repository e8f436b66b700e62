"""Print a Flask app's own route table (url_map) as JSON lines {method, path}, without serving.

Usage: python3 dump_flask.py MODULE:EXPRESSION PACKAGE   (MODULE may be FOLDER/*.py: each file)
EXPRESSION is evaluated in MODULE's namespace and gives the app: `app`, `create_app()`,
`Web(common, False).app`, or a list of apps whose tables are joined (an app that registers
other routes in each of its modes).
Only rules whose view function lives in PACKAGE (several: comma-separated; `!x` for all but
Flask's and x's) are printed: Flask's own `static` route and the
routes an extension adds are not code of the app (the scanner reads the app's code).
"""
import importlib
import os
import json
import re
import sys

target, package = sys.argv[1], sys.argv[2]
module_name, _, attr = target.partition(":")
if module_name.endswith("/*.py"):
    # A folder of example apps, each a module with its own `app`: the tables are joined. A module
    # that does not import here (a missing optional library) is named on stderr and left out.
    folder = module_name[: -len("/*.py")]
    sys.path.insert(0, folder)
    built = []
    for name in sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".py") and f != "__init__.py"):
        try:
            built.append(eval(attr, vars(importlib.import_module(name))))  # noqa: S307
        except Exception as error:  # noqa: BLE001 - any failure leaves that one example out
            print(f"left out {name}: {error!r}", file=sys.stderr)
else:
    module = importlib.import_module(module_name)
    built = eval(attr, vars(module))  # noqa: S307 - the expression is ours (apps.json)
rules = []
for app in built if isinstance(built, list) else [built]:
    rules += [(app, rule) for rule in app.url_map.iter_rules()]

def inside(where, prefix):
    return where == prefix or where.startswith(prefix + ".")


def owned(where):
    """PACKAGE `a,b`: views of a or b; `!flasgger`: every view but Flask's and flasgger's."""
    if package.startswith("!"):
        return where and not any(inside(where, p) for p in ["flask", *package[1:].split(",")])
    return any(inside(where, p) for p in package.split(","))


for app, rule in rules:
    view = app.view_functions.get(rule.endpoint)
    where = getattr(view, "__module__", "") or ""
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        where = view_class.__module__
    if not owned(where):
        continue
    path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
    # Flask adds HEAD to every GET and OPTIONS to every rule; a class view's own `head` is code
    # of the app (MethodView and Flask-RESTful serve it), and counted.
    added = {"HEAD", "OPTIONS"}
    if view_class is not None and callable(getattr(view_class, "head", None)):
        added = {"OPTIONS"}
    for method in sorted(rule.methods - added):
        print(json.dumps({"method": method, "path": path}))
