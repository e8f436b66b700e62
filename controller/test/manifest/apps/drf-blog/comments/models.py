from django.db import models


class Comment(models.Model):
    post = models.ForeignKey("api.Post", on_delete=models.CASCADE)
    text = models.TextField(max_length=2000)
    rating = models.PositiveSmallIntegerField(default=0)
