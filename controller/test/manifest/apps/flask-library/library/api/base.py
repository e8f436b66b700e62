from flask.views import MethodView

from library.auth import login_required


class AuthedView(MethodView):
    """Every view below needs a login; DELETE is shared by all of them."""

    decorators = [login_required]

    def delete(self, **kwargs):
        return "", 204
