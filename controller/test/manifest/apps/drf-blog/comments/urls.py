from django.urls import path

from comments.views import CommentDetail, CommentListCreate

urlpatterns = [
    path("posts/<slug:post_slug>/comments/", CommentListCreate.as_view()),
    path("comments/<int:pk>/", CommentDetail.as_view()),
]
