from flask import Blueprint, jsonify, request

from library.auth import login_required
from library.schemas import BookSchema

books_bp = Blueprint("books", __name__, url_prefix="/books")


@books_bp.route("/", methods=["GET", "POST"])
def books():
    if request.method == "POST":
        book = BookSchema().load(request.get_json())
        return jsonify(BookSchema().dump(book)), 201
    page = request.args.get("page", 1, type=int)
    genre = request.args.get("genre")
    return jsonify(BookSchema(many=True).dump([])), 200


@books_bp.get("/<int:book_id>")
def get_book(book_id):
    return jsonify(BookSchema().dump({"id": book_id}))


@books_bp.route("/<int:book_id>", methods=["PUT", "DELETE"])
@login_required
def change_book(book_id):
    return "", 204


@books_bp.route("/files/<path:filename>")
def book_file(filename):
    token = request.headers.get("X-Download-Token")
    return filename
