from flask import Blueprint, request
from flask.views import View

from library.auth import login_required

admin_bp = Blueprint("admin", __name__)

REPORTS = ("loans", "overdue")


def make_report(name):
    def report():
        return {"report": name}

    return report


# One route per report, registered in a loop.
for report_name in REPORTS:
    admin_bp.add_url_rule(f"/reports/{report_name}", f"report_{report_name}", make_report(report_name))


@admin_bp.post("/reindex")
@login_required
def reindex():
    return "", 202


class ExportView(View):
    """One handler for both methods: GET previews, POST starts the export."""

    methods = ["GET", "POST"]

    def dispatch_request(self):
        fmt = request.args.get("format", "csv")
        if request.method == "POST":
            return "", 202
        return {"format": fmt}


admin_bp.add_url_rule("/export", view_func=ExportView.as_view("export"))
