from flask import Blueprint
from .helpers import *
bp = Blueprint("sub", __name__)

@bp.route("/<name>", methods=("GET", "DELETE"))
def item(name):
    return name

@bp.route(ROUTE)
def star():
    return ""
