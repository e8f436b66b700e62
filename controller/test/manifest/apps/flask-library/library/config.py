API_PREFIX = "/api"
ADMIN_PREFIX = "/admin"
