from flask import Blueprint
from flask_restx import Api, Namespace, Resource

reviews_bp = Blueprint("reviews", __name__)
reviews_api = Api(reviews_bp, prefix="/v3", doc="/docs")

ns = Namespace("reviews", description="Book reviews")


@ns.route("/")
class ReviewList(Resource):
    def get(self):
        return []

    def post(self):
        return {}, 201


@ns.route("/<int:review_id>", "/by-id/<int:review_id>")
class Review(Resource):
    def get(self, review_id):
        return {"id": review_id}


ratings = reviews_api.namespace("ratings")


@ratings.route("/summary")
class RatingSummary(Resource):
    def get(self):
        return {}


# Mounted under another path than the namespace's own name.
reviews_api.add_namespace(ns, path="/book-reviews")
