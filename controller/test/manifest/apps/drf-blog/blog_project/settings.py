SECRET_KEY = "not-a-secret"
INSTALLED_APPS = ["rest_framework", "api", "comments", "core"]
ROOT_URLCONF = "blog_project.urls"
REST_FRAMEWORK = {
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
}
