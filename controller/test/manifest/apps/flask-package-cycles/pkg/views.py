from .sub import helpers
PREFIX = "/" + helpers.NAME
from pkg import app  # circular on purpose
