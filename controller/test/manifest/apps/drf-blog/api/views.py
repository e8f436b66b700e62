from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from api.models import Author, Post, Tag
from api.serializers import AuthorSerializer, PostSerializer, PublishSerializer, TagSerializer


class OwnedModelViewSet(viewsets.ModelViewSet):
    """Base for resources that only their owner may change."""

    permission_classes = [IsAuthenticated]


class PostViewSet(OwnedModelViewSet):
    queryset = Post.objects.all()
    serializer_class = PostSerializer
    lookup_field = "slug"

    @action(detail=True, methods=["post"], serializer_class=PublishSerializer)
    def publish(self, request, slug=None):
        return Response(status=204)

    @action(detail=False, url_path="recent-posts")
    def recent(self, request):
        return Response([])


class AuthorViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Author.objects.all()
    serializer_class = AuthorSerializer


class TagViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    queryset = Tag.objects.all()
    serializer_class = TagSerializer


class CategoryViewSet(viewsets.ViewSet):
    def list(self, request):
        return Response([])

    def retrieve(self, request, pk=None):
        return Response({})


class TagDetailView(APIView):
    def get(self, request, slug):
        return Response({})

    def delete(self, request, slug):
        return Response(status=204)
