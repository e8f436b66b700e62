// `getattr(settings, NAME, default)` on Django's settings object (django.conf.settings holds only
// what the settings module sets, Django's settings docs): a reusable app's URLconf that reads an
// optional setting this way serves the default unless the site sets it. Written from Django's
// documents, not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const views = `def begin(request, backend):
    return None
`;

const urls = (name: string) => `from django.conf import settings
from django.urls import path

from authapp import views

extra = getattr(settings, ${name}, True) and "/" or ""

urlpatterns = [path(f"login/<str:backend>{extra}", views.begin)]
`;

describe("Django settings read with getattr and a default", () => {
  it("takes the default in a reusable app, also for a setting name it computes", async () => {
    const s = await scan(
      {
        "authapp/__init__.py": "",
        "authapp/views.py": views,
        "authapp/names.py": `def setting_name(name):\n    return "AUTHAPP_" + name.upper()\n`,
        "authapp/urls.py": urls(`__import__("authapp.names").names.setting_name("trailing_slash")`),
      },
      "authapp",
    );
    expect(ids(s)).toEqual(["GET /login/{backend}/"]);
  });

  it("takes the project's setting when its settings module sets it", async () => {
    const s = await scan({
      "proj/__init__.py": "",
      "proj/settings.py": `ROOT_URLCONF = "proj.urls"\nAUTHAPP_TRAILING_SLASH = False\n`,
      "proj/urls.py": `from django.urls import include, path\n\nurlpatterns = [path("auth/", include("authapp.urls"))]\n`,
      "authapp/__init__.py": "",
      "authapp/views.py": views,
      "authapp/urls.py": urls(`"AUTHAPP_TRAILING_SLASH"`),
    });
    expect(ids(s)).toEqual(["GET /auth/login/{backend}"]);
  });

  it("does not guess a setting whose name it cannot compute when the project has settings", async () => {
    const s = await scan({
      "proj/__init__.py": "",
      "proj/settings.py": `ROOT_URLCONF = "proj.urls"\n`,
      "proj/urls.py": `from django.urls import include, path\n\nurlpatterns = [path("auth/", include("authapp.urls"))]\n`,
      "authapp/__init__.py": "",
      "authapp/views.py": views,
      "authapp/urls.py": urls(`__import__("os").environ["NAME"]`),
    });
    expect(ids(s).some((id) => id.startsWith("GET /auth/login/{backend}/"))).toBe(false);
  });
});
