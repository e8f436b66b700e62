"""Print a Flask app's own route table (url_map) as JSON lines {method, path}, without serving.

Usage: python3 dump_flask.py MODULE:EXPRESSION PACKAGE
EXPRESSION is evaluated in MODULE's namespace and gives the app: `app`, `create_app()`,
`Web(common, False).app`.
Only rules whose view function lives in PACKAGE are printed: Flask's own `static` route and the
routes an extension adds are not code of the app (the scanner reads the app's code).
"""
import importlib
import json
import re
import sys

target, package = sys.argv[1], sys.argv[2]
module_name, _, attr = target.partition(":")
module = importlib.import_module(module_name)
app = eval(attr, vars(module))  # noqa: S307 - the expression is ours (apps.json)

for rule in app.url_map.iter_rules():
    view = app.view_functions.get(rule.endpoint)
    where = getattr(view, "__module__", "") or ""
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        where = view_class.__module__
    if not (where == package or where.startswith(package + ".")):
        continue
    path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
    for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
        print(json.dumps({"method": method, "path": path}))
