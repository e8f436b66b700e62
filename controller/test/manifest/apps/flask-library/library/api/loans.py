from flask import Blueprint, request
from flask_restful import Api, Resource

from library.auth import login_required

loans_bp = Blueprint("loans", __name__, url_prefix="/loans")
loans_api = Api(loans_bp, prefix="/v2")


class LoanList(Resource):
    def get(self):
        member = request.args.get("member_id", type=int)
        return [], 200

    def post(self):
        return {}, 201


class Loan(Resource):
    method_decorators = [login_required]

    def get(self, loan_id):
        return {"id": loan_id}

    def delete(self, loan_id):
        return "", 204


loans_api.add_resource(LoanList, "/", "/all")
loans_api.add_resource(Loan, "/<int:loan_id>")
