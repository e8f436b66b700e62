"""Print a FastAPI app's own route table (app.routes) as JSON lines {method, path}, without serving.

Usage: python3 dump_fastapi.py MODULE:ATTR PACKAGE
Only API routes (APIRoute) are printed; FastAPI's own /docs, /redoc and /openapi.json are not
code of the app. PACKAGE is unused here (every APIRoute comes from the app) but kept for one
calling convention with the other dumpers.
"""
import importlib
import json
import sys

from fastapi.routing import APIRoute

module_name, _, attr = sys.argv[1].partition(":")
app = getattr(importlib.import_module(module_name), attr)
for route in app.routes:
    if isinstance(route, APIRoute):
        for method in sorted(route.methods - {"HEAD", "OPTIONS"}):
            print(json.dumps({"method": method, "path": route.path}))
