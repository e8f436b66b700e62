# Imports the package itself (`from . import views`), a star import and a cycle back into the
# package: the scan follows them without looping.
from flask import Flask
from .sub import bp as sub_bp
from . import views

app = Flask(__name__)
app.register_blueprint(sub_bp, url_prefix=views.PREFIX)
