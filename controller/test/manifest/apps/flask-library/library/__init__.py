from flask import Flask

from library.api import api_bp
from library.api.authors import authors_bp
from library.api.books import books_bp
from library.api.loans import loans_bp
from library.api.reviews import reviews_bp
from library.config import ADMIN_PREFIX, API_PREFIX
from library.views.admin import admin_bp
from library.views.health import health_bp


def create_app():
    app = Flask(__name__)

    # Nested blueprints are registered on their parent before the parent joins the app.
    api_bp.register_blueprint(books_bp)
    api_bp.register_blueprint(loans_bp)
    # The prefix given at registration replaces the blueprint's own ("/writers").
    api_bp.register_blueprint(authors_bp, url_prefix="/authors")
    app.register_blueprint(api_bp, url_prefix=API_PREFIX)

    for bp in (health_bp,):
        app.register_blueprint(bp)
    app.register_blueprint(admin_bp, url_prefix=ADMIN_PREFIX)
    app.register_blueprint(reviews_bp)

    app.add_url_rule("/", "index", lambda: "library")
    return app
