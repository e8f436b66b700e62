// Horizon (OpenStack's framework of Django dashboards) builds part of the URLconf itself. From its
// documents ("The horizon Module", "Pluggable Panels and Groups"), not copied from an app:
// - `include(horizon.urls)` mounts each Dashboard at `<slug>/`, each of its Panels at
//   `<dashboard slug>/<panel slug>/` with the patterns of the panel package's `urls.py`; the
//   dashboard's `default_panel` is served at `<dashboard slug>/`.
// - A panel joins a dashboard by `Dashboard.register(Panel)` in its `panel.py`, or by a pluggable
//   settings file (`PANEL_DASHBOARD`, `ADD_PANEL`, `DEFAULT_PANEL`; `REMOVE_PANEL`, `DISABLED`).
// - A plugin's REST views register on the host's REST URLconf with `@urls.register` from
//   `openstack_dashboard.api.rest.urls` (`re_path(view.url_regex, view.as_view())`), which the
//   host includes at `api/` (Horizon's REST API documents). The decorator runs when its module is
//   imported: a view in a module the host never loads (nothing a loaded module imports, or only
//   a `DISABLED` panel's package) is not served.
// - A plugin is a package of panels added to another package's dashboard: scanned in its own
//   folder, its panels sit under that dashboard's slug, not at the root.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const panelViews = `from django.views import generic


class IndexView(generic.TemplateView):
    template_name = "index.html"


class DetailView(generic.TemplateView):
    template_name = "detail.html"
`;

// Horizon's tutorial imports a panel's views by their full dotted path.
const panelUrls = (pkg: string) => `from django.urls import re_path

from ${pkg} import views

urlpatterns = [
    re_path(r"^$", views.IndexView.as_view(), name="index"),
    re_path(r"^(?P<item_id>[^/]+)/$", views.DetailView.as_view(), name="detail"),
]
`;

const panel = (cls: string, slug: string, register = "") => `import horizon
${register ? "\nfrom site_ui.mydash import dashboard\n" : ""}

class ${cls}(horizon.Panel):
    name = "${cls}"
    slug = "${slug}"
${register ? `\n\n${register}\n` : ""}`;

describe("Horizon dashboards and panels", () => {
  it("mounts registered panels under their dashboard where the URLconf includes horizon.urls", async () => {
    const s = await scan({
      "site_ui/__init__.py": "",
      "site_ui/settings.py": `ROOT_URLCONF = "site_ui.urls"\n`,
      "site_ui/urls.py": `from django.urls import include, re_path
import horizon

urlpatterns = [re_path(r"^console/", include(horizon.urls))]
`,
      "site_ui/mydash/__init__.py": "",
      "site_ui/mydash/dashboard.py": `import horizon


class MyDash(horizon.Dashboard):
    name = "My dashboard"
    slug = "mydash"
    panels = ("servers", "volumes")
    default_panel = "servers"


horizon.register(MyDash)
`,
      "site_ui/mydash/servers/__init__.py": "",
      "site_ui/mydash/servers/panel.py": panel("Servers", "servers", "dashboard.MyDash.register(Servers)"),
      "site_ui/mydash/servers/views.py": panelViews,
      "site_ui/mydash/servers/urls.py": panelUrls("site_ui.mydash.servers"),
      "site_ui/mydash/volumes/__init__.py": "",
      "site_ui/mydash/volumes/panel.py": panel("Volumes", "volumes", "dashboard.MyDash.register(Volumes)"),
      "site_ui/mydash/volumes/views.py": panelViews,
      "site_ui/mydash/volumes/urls.py": panelUrls("site_ui.mydash.volumes"),
    });
    expect(ids(s)).toEqual([
      "GET /console/mydash/",
      "GET /console/mydash/volumes/",
      "GET /console/mydash/volumes/{item_id}/",
      "GET /console/mydash/{item_id}/",
    ]);
  });

  it("places a plugin's panels by its pluggable settings files, under a dashboard outside the scan", async () => {
    const s = await scan(
      {
        "stacks_ui/__init__.py": "",
        "stacks_ui/enabled/__init__.py": "",
        "stacks_ui/enabled/_1620_project_stacks_panel.py": `PANEL = "stacks"
PANEL_DASHBOARD = "project"
PANEL_GROUP = "orchestration"
ADD_PANEL = "stacks_ui.content.stacks.panel.Stacks"
`,
        "stacks_ui/enabled/_1630_project_templates_panel.py": `PANEL = "templates"
PANEL_DASHBOARD = "project"
ADD_PANEL = "stacks_ui.content.templates.panel.Templates"
DISABLED = True
`,
        "stacks_ui/enabled/_1640_project_old_panel.py": `PANEL = "old"
PANEL_DASHBOARD = "project"
REMOVE_PANEL = True
ADD_PANEL = "stacks_ui.content.old.panel.Old"
`,
        "stacks_ui/content/__init__.py": "",
        "stacks_ui/content/stacks/__init__.py": "",
        "stacks_ui/content/stacks/panel.py": panel("Stacks", "stacks"),
        "stacks_ui/content/stacks/views.py": panelViews,
        "stacks_ui/content/stacks/urls.py": panelUrls("stacks_ui.content.stacks"),
        "stacks_ui/content/templates/__init__.py": "",
        "stacks_ui/content/templates/panel.py": panel("Templates", "templates"),
        "stacks_ui/content/templates/views.py": panelViews,
        "stacks_ui/content/templates/urls.py": panelUrls("stacks_ui.content.templates"),
        "stacks_ui/content/old/__init__.py": "",
        "stacks_ui/content/old/panel.py": panel("Old", "old"),
        "stacks_ui/content/old/views.py": panelViews,
        "stacks_ui/content/old/urls.py": panelUrls("stacks_ui.content.old"),
      },
      "stacks_ui",
    );
    expect(ids(s)).toEqual(["GET /project/stacks/", "GET /project/stacks/{item_id}/"]);
  });

  it("answers the methods of Horizon's own class views (handlers in horizon/tables, forms, workflows)", async () => {
    const s = await scan(
      {
        "keys_ui/__init__.py": "",
        "keys_ui/enabled.py": `PANEL_DASHBOARD = "project"\nADD_PANEL = "keys_ui.keys.panel.Keys"\n`,
        "keys_ui/keys/__init__.py": "",
        "keys_ui/keys/panel.py": panel("Keys", "key_pairs"),
        "keys_ui/keys/views.py": `from horizon import forms
from horizon import tables
from horizon import workflows


class IndexView(tables.DataTableView):
    template_name = "index.html"


class ImportView(forms.ModalFormView):
    template_name = "import.html"


class CreateView(workflows.WorkflowView):
    template_name = "create.html"
`,
        "keys_ui/keys/urls.py": `from django.urls import re_path

from keys_ui.keys import views

urlpatterns = [
    re_path(r"^$", views.IndexView.as_view(), name="index"),
    re_path(r"^import/$", views.ImportView.as_view(), name="import"),
    re_path(r"^create/$", views.CreateView.as_view(), name="create"),
]
`,
      },
      "keys_ui",
    );
    expect(ids(s)).toEqual([
      "GET /project/key_pairs/",
      "GET /project/key_pairs/create/",
      "GET /project/key_pairs/import/",
      "POST /project/key_pairs/",
      "POST /project/key_pairs/create/",
      "POST /project/key_pairs/import/",
      "PUT /project/key_pairs/import/",
    ]);
  });

  it("lists a plugin's REST views registered on openstack_dashboard's REST URLconf under api/", async () => {
    const s = await scan(
      {
        "queues_ui/__init__.py": "",
        "queues_ui/api/__init__.py": "",
        "queues_ui/api/rest/__init__.py": "from queues_ui.api.rest import queues  # noqa: F401\n",
        "queues_ui/api/rest/queues.py": `from django.views import generic

from openstack_dashboard.api.rest import urls


@urls.register
class Queues(generic.View):
    url_regex = r"queues/queues/$"

    def get(self, request):
        return None

    def post(self, request):
        return None


@urls.register
class Queue(generic.View):
    url_regex = r"queues/queues/(?P<queue_name>[^/]+)/$"

    def delete(self, request, queue_name):
        return None
`,
      },
      "queues_ui",
    );
    expect(ids(s)).toEqual([
      "DELETE /api/queues/queues/{queue_name}/",
      "GET /api/queues/queues/",
      "POST /api/queues/queues/",
    ]);
  });

  it("lists only the REST views of modules the host loads from the plugin", async () => {
    const restModule = (cls: string, regex: string) => `from django.views import generic

from openstack_dashboard.api.rest import urls


@urls.register
class ${cls}(generic.View):
    url_regex = r"${regex}"

    def get(self, request):
        return None
`;
    const s = await scan(
      {
        "db_ui/__init__.py": "",
        "db_ui/enabled/__init__.py": "",
        "db_ui/enabled/_1720_project_databases_panel.py": `PANEL = "databases"
PANEL_DASHBOARD = "project"
ADD_PANEL = "db_ui.content.databases.panel.Databases"
`,
        "db_ui/enabled/_1731_project_ng_backups_panel.py": `PANEL = "ng_backups"
PANEL_DASHBOARD = "project"
DISABLED = True
ADD_PANEL = "db_ui.content.ng_backups.panel.NGBackups"
`,
        "db_ui/content/__init__.py": "",
        "db_ui/content/databases/__init__.py": "import db_ui.api.rest.databases  # noqa: F401\n",
        "db_ui/content/databases/panel.py": panel("Databases", "databases"),
        "db_ui/content/databases/views.py": panelViews,
        "db_ui/content/databases/urls.py": panelUrls("db_ui.content.databases"),
        "db_ui/content/ng_backups/__init__.py": "import db_ui.api.rest.backups  # noqa: F401\n",
        "db_ui/content/ng_backups/panel.py": panel("NGBackups", "ng_backups"),
        "db_ui/api/__init__.py": "",
        "db_ui/api/rest/__init__.py": "",
        "db_ui/api/rest/databases.py": restModule("Databases", "db/databases/$"),
        "db_ui/api/rest/backups.py": restModule("Backups", "db/backups/$"),
        "db_ui/api/rest/flavors.py": restModule("Flavors", "db/flavors/$"),
      },
      "db_ui",
    );
    expect(ids(s)).toEqual([
      "GET /api/db/databases/",
      "GET /project/databases/",
      "GET /project/databases/{item_id}/",
    ]);
  });

  it("lists no panel whose slug the code does not say", async () => {
    const s = await scan(
      {
        "named_ui/__init__.py": "",
        "named_ui/enabled.py": `PANEL_DASHBOARD = "project"\nADD_PANEL = "named_ui.things.panel.Things"\n`,
        "named_ui/things/__init__.py": "",
        "named_ui/things/panel.py": `import horizon

from named_ui import slugs


class Things(horizon.Panel):
    name = "Things"
    slug = slugs.pick()
`,
        "named_ui/things/views.py": panelViews,
        "named_ui/things/urls.py": panelUrls("named_ui.things"),
        "named_ui/slugs.py": "import random\n\n\ndef pick():\n    return random.choice(['a', 'b'])\n",
      },
      "named_ui",
    );
    expect(ids(s)).toEqual([]);
  });
});
