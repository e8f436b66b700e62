import os

# Deployments may move the API; the default is what clients get.
API_PREFIX = os.getenv("LIBRARY_API_PREFIX", "/api")
ADMIN_PREFIX = "/admin"
