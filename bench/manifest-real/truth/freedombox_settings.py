"""FreedomBox's own Django settings (plinth.settings) with the apps web_framework.init() adds:
each module enabled in /etc/plinth/modules-enabled (the package installs one file per module).
The store is in memory; nothing is served. Found by dump_django.py beside it (its folder is on
sys.path), with DJANGO_SETTINGS_MODULE=freedombox_settings.
"""
from plinth.settings import *  # noqa: F403 - the app's settings, as they are
from plinth import module_loader

INSTALLED_APPS = INSTALLED_APPS + module_loader.get_modules_to_load()  # noqa: F405
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
SECRET_KEY = "bench"
