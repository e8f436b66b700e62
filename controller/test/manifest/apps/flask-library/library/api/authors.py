from flask import Blueprint, jsonify, request
from flask.views import MethodView

from library.api.base import AuthedView
from library.schemas import AuthorSchema

authors_bp = Blueprint("authors", __name__, url_prefix="/writers")


class AuthorListAPI(MethodView):
    def get(self):
        return jsonify(AuthorSchema(many=True).dump([]))

    def post(self):
        author = AuthorSchema().load(request.get_json())
        return jsonify(AuthorSchema().dump(author)), 201


class AuthorAPI(AuthedView):
    def get(self, author_id):
        return jsonify(AuthorSchema().dump({"id": author_id}))

    def put(self, author_id):
        author = AuthorSchema().load(request.get_json())
        return jsonify(AuthorSchema().dump(author))


authors_bp.add_url_rule("/", view_func=AuthorListAPI.as_view("author_list"))
authors_bp.add_url_rule("/<uuid:author_id>", view_func=AuthorAPI.as_view("author"))
