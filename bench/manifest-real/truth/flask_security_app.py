"""Flask-Security-Too's own views (the blueprint `Security(app, datastore)` registers), with every
feature its configuration documents turned on, for dump_flask.py. The datastore is Peewee on an
in-memory SQLite database: nothing outside the process is reached."""
from flask import Flask
from flask_security import RoleMixin, Security, UserMixin, PeeweeUserDatastore

FEATURES = ["REGISTERABLE", "RECOVERABLE", "CHANGEABLE", "CONFIRMABLE", "TRACKABLE",
            "PASSWORDLESS", "TWO_FACTOR", "UNIFIED_SIGNIN", "MULTI_FACTOR_RECOVERY_CODES"]


def create_app():
    import peewee
    db = peewee.SqliteDatabase(":memory:")

    class Role(peewee.Model, RoleMixin):
        name = peewee.CharField(unique=True)
        class Meta:
            database = db

    class User(peewee.Model, UserMixin):
        email = peewee.TextField()
        fs_uniquifier = peewee.TextField()
        fs_webauthn_user_handle = peewee.TextField(null=True)
        tf_primary_method = peewee.TextField(null=True)
        tf_totp_secret = peewee.TextField(null=True)
        us_totp_secrets = peewee.TextField(null=True)
        mf_recovery_codes = peewee.TextField(null=True)
        class Meta:
            database = db

    class UserRoles(peewee.Model):
        user = peewee.ForeignKeyField(User, related_name="roles")
        role = peewee.ForeignKeyField(Role, related_name="users")
        class Meta:
            database = db

    app = Flask(__name__)
    app.config.update(SECRET_KEY="bench", SECURITY_PASSWORD_SALT="bench",
                      SECURITY_TOTP_SECRETS={"1": "bench"}, SECURITY_TWO_FACTOR_ENABLED_METHODS=["email", "authenticator"],
                      SECURITY_US_ENABLED_METHODS=["password", "email", "authenticator"])
    for feature in FEATURES:
        app.config[f"SECURITY_{feature}"] = True
    Security(app, PeeweeUserDatastore(db, User, Role, UserRoles))
    return app
