"""Example Flask apps from several folders, each built as its docs start it, for dump_flask.py.

apps("FOLDER|MODULE:EXPRESSION", ...) puts FOLDER (absolute, or relative to BENCH_APP_HOME, a
deb-src package's source tree) first on sys.path, imports MODULE afresh (examples often share a
module name such as `app`) and evaluates EXPRESSION in it; the apps are joined. An example that
does not build here (a library version Debian lacks) is named on stderr and left out. Flask's instance
folder (where Flask-SQLAlchemy puts a relative SQLite file) is a temporary one, so nothing is
written into the installed package."""
import importlib
import os
import sys
import tempfile

import flask

INSTANCE = tempfile.mkdtemp(prefix="bench-flask-instance-")
flask.Flask.auto_find_instance_path = lambda self: INSTANCE


def build(spec):
    folder, _, target = spec.partition("|")
    module_name, _, expression = target.partition(":")
    folder = os.path.join(os.environ.get("BENCH_APP_HOME", "/"), folder)
    sys.path.insert(0, folder)
    for loaded in [m for m in sys.modules if m == module_name or m.startswith(module_name + ".")]:
        del sys.modules[loaded]
    try:
        return eval(expression, vars(importlib.import_module(module_name)))  # noqa: S307 - ours
    finally:
        sys.path.remove(folder)


def apps(*specs):
    built = []
    for spec in specs:
        try:
            built.append(build(spec))
        except Exception as error:  # noqa: BLE001 - any failure leaves that one example out
            print(f"left out {spec}: {error!r}", file=sys.stderr)
    return built
