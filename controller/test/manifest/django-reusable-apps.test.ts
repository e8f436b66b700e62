// Django reusable apps scanned in their own folder, as they are installed (issue 20, point 5):
// no settings module, an entry URLconf a site includes, optional URLconfs beside it, and view
// bases handed out by a factory object's properties. Written from Django's documented patterns
// (reusable apps, class-based generic views), not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Django reusable apps", () => {
  it("takes a view's base from a factory object's @property (`klass = Base; return klass`) and lists the generic view's methods", async () => {
    const s = await scan(
      {
        "polls/__init__.py": "",
        "polls/urls.py": `from django.urls import path
from polls import views

urlpatterns = [
    path("add/", views.PollCreate.as_view()),
    path("<int:pk>/delete/", views.PollDelete.as_view()),
    path("<int:pk>/", views.PollDetail.as_view()),
]
`,
        "polls/base.py": `from django.views.generic import CreateView, DeleteView, DetailView

class BasePollCreate(CreateView):
    fields = ["question"]

class BasePollDelete(DeleteView):
    success_url = "/"

class ViewFactory:
    def __init__(self, model):
        self.model = model

    @property
    def PollCreate(self):
        klass = BasePollCreate
        klass.model = self.model
        return klass

    @property
    def PollDelete(self):
        return BasePollDelete
`,
        "polls/views.py": `from django.views.generic import DetailView
from polls.base import ViewFactory
from polls.models import Poll

bases = ViewFactory(Poll)

class PollCreate(bases.PollCreate):
    pass

class PollDelete(bases.PollDelete):
    pass

class PollDetail(DetailView):
    model = Poll
`,
        "polls/models.py":
          "from django.db import models\n\nclass Poll(models.Model):\n    question = models.CharField(max_length=200)\n",
      },
      "polls",
    );
    expect(ids(s)).toEqual([
      "DELETE /{pk}/delete/",
      "GET /add/",
      "GET /{pk}/",
      "GET /{pk}/delete/",
      "POST /add/",
      "POST /{pk}/delete/",
      "PUT /add/",
    ]);
  });

  it("starts from the app's own urls module: URLconfs below it that it does not include are a site's choice", async () => {
    const s = await scan(
      {
        "accounts/__init__.py": "",
        "accounts/urls/__init__.py": "from .base import urlpatterns\n",
        "accounts/urls/base.py": `from django.urls import include, path
from accounts import views

urlpatterns = [
    path("login/", views.login),
    path("social/", include("accounts.social.urls")),
]
`,
        "accounts/urls/jwt.py": `from django.urls import path
from accounts import views

urlpatterns = [path("jwt/create/", views.login)]
`,
        "accounts/social/__init__.py": "",
        "accounts/social/urls.py": `from django.urls import path
from accounts import views

urlpatterns = [path("connections/", views.connections)]
`,
        "accounts/providers/__init__.py": "",
        "accounts/providers/github/__init__.py": "",
        "accounts/providers/github/urls.py": `from django.urls import path
from accounts import views

urlpatterns = [path("github/login/", views.login)]
`,
        "accounts/views.py": `def login(request):
    return None

def connections(request):
    return None
`,
      },
      "accounts",
    );
    expect(ids(s)).toEqual(["GET /login/", "GET /social/connections/"]);
  });

  it("without an own urls module, a URLconf another one includes is not also a root", async () => {
    const s = await scan(
      {
        "site/apps/blog/__init__.py": "",
        "site/apps/blog/urls.py": `from django.urls import include, path
from blog import views

urlpatterns = [
    path("posts/", views.posts),
    path("shop/", include("shop.urls")),
]
`,
        "site/apps/blog/views.py": "def posts(request):\n    return None\n",
        "site/apps/shop/__init__.py": "",
        "site/apps/shop/urls.py": `from django.urls import path
from shop import views

urlpatterns = [path("cart/", views.cart)]
`,
        "site/apps/shop/views.py": "def cart(request):\n    return None\n",
      },
      "site",
    );
    expect(ids(s)).toEqual(["GET /posts/", "GET /shop/cart/"]);
  });

  it("lists a syndication Feed instance as a view, also wrapped in a decorator the project wrote", async () => {
    const s = await scan(
      {
        "news/__init__.py": "",
        "news/urls.py": `from django.urls import path
from news.feeds import LatestEntriesFeed, TagFeed
from news.helpers import members_only

urlpatterns = [
    path("latest/feed/", LatestEntriesFeed()),
    path("tags/<slug:tag>/feed/", members_only(TagFeed())),
]
`,
        "news/feeds.py": `from django.contrib.syndication.views import Feed

class LatestEntriesFeed(Feed):
    title = "Latest entries"
    link = "/news/"

    def items(self):
        return []

class TagFeed(Feed):
    def get_object(self, request, tag):
        return tag
`,
        "news/helpers.py": `from functools import wraps

def members_only(view):
    @wraps(view)
    def inner(request, *args, **kwargs):
        return view(request, *args, **kwargs)
    return inner
`,
      },
      "news",
    );
    expect(ids(s)).toEqual(["GET /latest/feed/", "GET /tags/{tag}/feed/"]);
  });
});
