from functools import wraps

from flask import abort, request


def login_required(view):
    @wraps(view)
    def wrapped(*args, **kwargs):
        if "Authorization" not in request.headers:
            abort(401)
        return view(*args, **kwargs)

    return wrapped
