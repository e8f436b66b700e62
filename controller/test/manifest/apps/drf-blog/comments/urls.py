from django.urls import path
from rest_framework.routers import SimpleRouter

from comments.views import CommentDetail, CommentListCreate, ReactionViewSet

urlpatterns = [
    path("posts/<slug:post_slug>/comments/", CommentListCreate.as_view()),
    path("comments/<int:pk>/", CommentDetail.as_view()),
]

reactions = SimpleRouter(trailing_slash=False)
reactions.register("reactions", ReactionViewSet, basename="reaction")
urlpatterns += reactions.urls
