from rest_framework import serializers

from api.models import Author, Post, Tag


class AuthorSerializer(serializers.ModelSerializer):
    class Meta:
        model = Author
        fields = ["id", "name", "email", "bio"]


class PostSerializer(serializers.ModelSerializer):
    tags = serializers.ListField(child=serializers.CharField(max_length=30), required=False)
    word_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Post
        fields = ["id", "title", "slug", "body", "status", "author", "published_at", "tags", "word_count"]
        read_only_fields = ["id", "published_at"]


class PublishSerializer(serializers.Serializer):
    at = serializers.DateTimeField(required=False)
    notify = serializers.BooleanField(default=True)
    channel = serializers.ChoiceField(choices=["email", "push"])


class TagSerializer(serializers.ModelSerializer):
    class Meta:
        model = Tag
        fields = "__all__"
