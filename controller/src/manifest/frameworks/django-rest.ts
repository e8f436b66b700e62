// Django REST framework: evaluates the project (`path`, `re_path`, `include`, routers and their
// `register` calls, also in loops, `as_view`), then walks the URL tree from `ROOT_URLCONF`
// (python/django-urls.ts) and turns what it reaches into endpoints (python/drf-views.ts).

import type { FrameworkScanner, ScanContribution } from "../scanner.js";
import { isComputedInclude, unnamedUrlconfs } from "./python/django-computed-includes.js";
import {
  type DjangoPattern,
  includedModules,
  type Prefix,
  routePrefix,
  walkUrls,
} from "./python/django-urls.js";
import { DrfLinker, type Router } from "./python/drf-views.js";
import { HORIZON_URLS, HorizonSite, isHorizonInclude } from "./python/horizon-site.js";
import { type CallSite, PyProgram } from "./python/py-evaluator.js";
import type { PyFunction, PyModuleFacts } from "./python/py-facts.js";
import { extractPython, PYTHON_FACTS_KEY, type PyFiles, sortEndpoints } from "./python/py-scanner-kit.js";
import { asString, externalName, type PyValue } from "./python/py-values.js";

export const djangoRestScanner: FrameworkScanner<PyModuleFacts> = {
  name: "django-rest-framework",
  kind: "framework",
  languages: ["python"],
  version: 1,
  factsKey: PYTHON_FACTS_KEY,
  extract: extractPython,
  link: (files) => linkDjangoRest(files),
};

function linkDjangoRest(files: PyFiles): ScanContribution {
  const program = new PyProgram(files);
  let sawRouterOrView = false;
  // Prefixes of the patterns including a URLconf by a module path the project computes.
  const computedMounts = new Map<string, Prefix>();
  const settingsOf = settingsModuleOf(program);
  const settings = djangoSettings(program, settingsOf);
  const horizon = new HorizonSite(program);
  program.evaluateAll({
    external: (path, name) => (path === "django.conf.settings" ? settings(name) : undefined),
    decorate: (decorator, target) => horizon.noteDecorator(decorator, target),
    call(callee, site) {
      if (callee.t === "external" && callee.path === "builtins.getattr")
        return settingOrDefault(site.args, settings, settingsOf() !== null);
      const name = externalName(callee);
      const path = callee.t === "external" ? callee.path : "";
      if ((name === "path" || name === "re_path" || name === "url") && path.startsWith("django")) {
        // A URLconf is Django whether its views are DRF's, Django's class views or functions.
        sawRouterOrView = true;
        const written = asString(site.args[0] ?? site.kw.route);
        const route = written ?? "";
        const view = site.args[1] ?? site.kw.view ?? { t: "unknown" };
        if (written !== undefined && isComputedInclude(view)) {
          const prefix = routePrefix({ route, regex: name !== "path" });
          computedMounts.set(prefix.path, prefix);
        }
        const pattern: DjangoPattern = {
          route,
          regex: name !== "path",
          view,
          file: site.module.file,
          line: site.line,
        };
        return { t: "obj", kind: "django.pattern", data: pattern };
      }
      if (name === "i18n_patterns" && path.startsWith("django"))
        return localePatterns(site, asString(settings("LANGUAGE_CODE")));
      // DRF's `format_suffix_patterns(urlpatterns)`: the patterns, plus `.json`-style twins the
      // framework adds (left out, as the HEAD routes a framework answers are).
      if (name === "format_suffix_patterns" && path.startsWith("rest_framework"))
        return site.args[0] ?? site.kw.urlpatterns;
      if ((name === "include" && path.startsWith("django")) || isHorizonInclude(callee))
        return { t: "obj", kind: "django.include", data: site.args[0] ?? { t: "unknown" } };
      if ((name === "DefaultRouter" || name === "SimpleRouter") && path.startsWith("rest_framework")) {
        sawRouterOrView = true;
        const slash = site.kw.trailing_slash;
        const router: Router = { registrations: [], trailingSlash: !(slash?.t === "bool" && !slash.v) };
        return { t: "obj", kind: "drf.router", data: router };
      }
      // `login_required(View.as_view())`, `sensitive_post_parameters("pw")(view)`: a library's wrapper of a view
      // is still that view for the URL table.
      // A project's own decorator used the same way (`check_private(MyFeed())`, a function that
      // defines and returns its wrapper) is too.
      const wrapped = site.args[0];
      if (
        (callee.t === "external" ||
          callee.t === "unknown" ||
          (callee.t === "func" && (isDecorator(callee.fn) || returnsFirstParam(callee.fn)))) &&
        (wrapped?.t === "func" ||
          wrapped?.t === "instance" ||
          (wrapped?.t === "obj" && wrapped.kind === "django.view"))
      )
        return wrapped;
      if (callee.t !== "method" || horizon.noteRegister(callee, site.args)) return undefined;
      if (callee.name === "as_view" && callee.self.t === "class") {
        sawRouterOrView = true;
        return {
          t: "obj",
          kind: "django.view",
          data: { cls: callee.self, actions: site.args[0] ?? site.kw.actions },
        };
      }
      if (callee.name === "register" && callee.self.t === "obj" && callee.self.kind === "drf.router") {
        const prefix = asString(site.args[0] ?? site.kw.prefix);
        const viewset = site.args[1] ?? site.kw.viewset;
        if (prefix !== undefined && viewset) {
          (callee.self.data as Router).registrations.push({
            prefix,
            viewset,
            file: site.module.file,
            line: site.line,
          });
        }
        return { t: "none" };
      }
      return undefined;
    },
  });
  if (!sawRouterOrView && !horizon.hasRestViews) return { endpoints: [], dtos: [], types: [] };
  const settingsModule = findSettings(program);
  const horizonUrlconfs = horizon.urlconfs();
  const horizonModules = horizon.ownedUrlconfs();
  const configured = configuredRoot(program, settingsModule);
  const roots = configured ? [configured] : unincludedUrlconfs(program, horizonModules);
  const linker = new DrfLinker(program, settingsModule);
  const siteMounts: Prefix[] = [];
  const walk = (root: string, start?: Prefix) =>
    walkUrls(
      program,
      root,
      (router, prefix) => {
        if (router.t === "obj" && router.kind === "drf.router")
          linker.expandRouter(router.data as Router, prefix);
        if (router.t === "external" && router.path === HORIZON_URLS) siteMounts.push(prefix);
      },
      (leaf) => linker.leaf(leaf),
      start,
    );
  for (const root of roots) walk(root);
  // Horizon's dashboards: where a URLconf of the scan includes them, else (a plugin's package,
  // no project URLconf) at the root, as a reusable app's URLconf is read.
  const mounts = siteMounts.length > 0 || configured ? siteMounts : [{ path: "", params: [] }];
  for (const mount of mounts) {
    for (const { module, prefix } of horizonUrlconfs)
      walk(module, { path: mount.path + prefix.path, params: [...mount.params, ...prefix.params] });
    for (const leaf of horizon.restLeaves(mount)) linker.leaf(leaf);
  }
  // One mount only: with several, which URLconf sits under which prefix is not written anywhere.
  const [mount, ...others] = [...computedMounts.values()];
  if (mount && others.length === 0)
    for (const module of unnamedUrlconfs(program, [...roots, ...horizonModules])) walk(module, mount);
  return { endpoints: sortEndpoints(linker.endpoints), dtos: linker.dtos(), types: linker.types() };
}

/**
 * `i18n_patterns(*urls, prefix_default_language=True)`: the patterns under the active language's
 * code, which for a request without one is `LANGUAGE_CODE` (Django's default "en-us"); none
 * when `prefix_default_language=False`.
 */
function localePatterns(site: CallSite, languageCode: string | undefined): PyValue {
  const flag = site.kw.prefix_default_language;
  const prefix = flag?.t === "bool" && !flag.v ? "" : `${languageCode ?? "en-us"}/`;
  const include: PyValue = { t: "obj", kind: "django.include", data: { t: "list", items: site.args } };
  const pattern: DjangoPattern = {
    route: prefix,
    regex: false,
    view: include,
    file: site.module.file,
    line: site.line,
  };
  return { t: "list", items: [{ t: "obj", kind: "django.pattern", data: pattern }] };
}

/**
 * `getattr(settings, NAME, default)` on Django's settings object: the project's setting, else
 * the default (Django's settings hold only what the settings module sets). A name the scan
 * cannot compute takes the default only where the scan holds no settings module (a reusable
 * app: no setting is set), as `os.getenv("X", default)` does. Undefined for another getattr.
 */
function settingOrDefault(
  args: PyValue[],
  settings: (name: string) => PyValue | undefined,
  hasSettings: boolean,
): PyValue | undefined {
  const [owner, nameArg, fallback] = args;
  if (owner?.t !== "external" || owner.path !== "django.conf.settings" || !fallback) return undefined;
  const name = asString(nameArg);
  if (name !== undefined) return settings(name) ?? fallback;
  return hasSettings ? { t: "unknown" } : fallback;
}

/** `def deco(view): def inner(request, …): …; return inner`: a decorator written in the project. */
function isDecorator(fn: PyFunction): boolean {
  const returned = fn.returned;
  return returned?.k === "name" && fn.body.some((st) => st.s === "def" && st.fn.name === returned.id);
}

/** `def public_view(func): func.IS_PUBLIC = True; return func`: hands back the view it marks. */
function returnsFirstParam(fn: PyFunction): boolean {
  const returned = fn.returned;
  return returned?.k === "name" && returned.id === fn.params[0]?.name;
}

/**
 * `from django.conf import settings; settings.MOUNT_POINT`: Django's settings object holds the
 * names of the settings module, here the module of the tree that sets `ROOT_URLCONF` at its top
 * level (the one setting every project has). Read lazily: modules are still being evaluated.
 */
function djangoSettings(
  program: PyProgram,
  module: () => string | null,
): (name: string) => PyValue | undefined {
  return (name) => {
    const found = module();
    const value = found === null ? undefined : program.lookup(found, name);
    return value && value.t !== "unknown" ? value : undefined;
  };
}

/** The settings module, found by its facts alone (no module is run to find it), once. */
function settingsModuleOf(program: PyProgram): () => string | null {
  let module: string | null | undefined;
  return () =>
    (module ??=
      program
        .moduleStates()
        .find(({ facts }) =>
          facts.body.some(
            (st) => st.s === "assign" && st.targets.some((t) => t.k === "name" && t.id === "ROOT_URLCONF"),
          ),
        )?.ref.module ?? null);
}

function findSettings(program: PyProgram): string | undefined {
  return program
    .moduleStates()
    .map((m) => m.ref.module)
    .find((m) => asString(program.lookup(m, "ROOT_URLCONF")) !== undefined);
}

/** The module `ROOT_URLCONF` names, when the scan holds it. */
function configuredRoot(program: PyProgram, settings: string | undefined): string | undefined {
  const configured = settings ? asString(program.lookup(settings, "ROOT_URLCONF")) : undefined;
  return configured ? program.findModule(configured) : undefined;
}

/**
 * Without a root URLconf: the folder's own `urls` module when it has one (a reusable app's
 * documented entry, `include("allauth.urls")`: the URLconfs below it that it does not include
 * are ones a site adds by choice, like a provider's or `djoser.social.urls`), else every `urls`
 * module nobody includes (`included`: ones a library includes, like Horizon's panels').
 */
function unincludedUrlconfs(program: PyProgram, included: readonly string[]): string[] {
  const urlModules = program
    .moduleStates()
    .map((m) => m.ref.module)
    .filter((m) => m === "urls" || m.endsWith(".urls"));
  if (urlModules.includes("urls")) return ["urls"];
  const includedSet = new Set<string>(included);
  for (const m of urlModules) for (const item of includedModules(program, m)) includedSet.add(item);
  return urlModules.filter((m) => !includedSet.has(m));
}
