// Django's `i18n_patterns(*urls, prefix_default_language=True)` (Django's "Internationalization:
// in URL patterns" docs): the patterns are served under the active language's code, which for a
// request naming none is `LANGUAGE_CODE` (default "en-us", Django's settings reference); with
// `prefix_default_language=False` the default language has no prefix. Written from those docs.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const project = (settings: string, patterns: string) => ({
  "proj/__init__.py": "",
  "proj/settings.py": `ROOT_URLCONF = "proj.urls"\n${settings}`,
  "proj/views.py": "def about(request):\n    return None\n\n\ndef sitemap(request):\n    return None\n",
  "proj/urls.py": `from django.conf.urls.i18n import i18n_patterns
from django.urls import path

from proj import views

urlpatterns = [path("sitemap.xml", views.sitemap)]
urlpatterns += ${patterns}
`,
});

describe("Django i18n_patterns", () => {
  it("serves the patterns under Django's default language code", async () => {
    const s = await scan(project("", `i18n_patterns(path("about/", views.about))`));
    expect(ids(s)).toEqual(["GET /en-us/about/", "GET /sitemap.xml"]);
  });

  it("serves them under the settings' LANGUAGE_CODE", async () => {
    const s = await scan(project(`LANGUAGE_CODE = "de"\n`, `i18n_patterns(path("about/", views.about))`));
    expect(ids(s)).toEqual(["GET /de/about/", "GET /sitemap.xml"]);
  });

  it("serves them without a prefix when the default language is not prefixed", async () => {
    const s = await scan(
      project("", `i18n_patterns(path("about/", views.about), prefix_default_language=False)`),
    );
    expect(ids(s)).toEqual(["GET /about/", "GET /sitemap.xml"]);
  });
});
