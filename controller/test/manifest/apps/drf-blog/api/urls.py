from django.urls import include, path, re_path
from rest_framework.routers import DefaultRouter

from api.views import AuthorViewSet, CategoryViewSet, PostViewSet, TagDetailView, TagViewSet

router = DefaultRouter()
router.register(r"posts", PostViewSet, basename="post")
router.register(r"authors", AuthorViewSet)

for prefix, viewset in [("tags", TagViewSet), ("categories", CategoryViewSet)]:
    router.register(prefix, viewset)

urlpatterns = [
    path("v1/", include(router.urls)),
    path("v1/", include("comments.urls")),
    re_path(r"^v1/tag-detail/(?P<slug>[-\w]+)/$", TagDetailView.as_view(), name="tag-detail"),
]
