// Horizon, OpenStack's framework of Django dashboards, writes part of the URLconf itself
// (horizon/base.py, documented in "The horizon Module" and "Pluggable Panels and Groups"):
// `include(horizon.urls)` mounts every registered Dashboard at `<dashboard slug>/`, and each of
// its Panels at `<dashboard slug>/<panel slug>/` (dots in the slug become slashes; the
// dashboard's `default_panel` sits at `<dashboard slug>/` instead), with the patterns of the
// panel's package's `urls` module (or the module its `urls` attribute names). A panel joins a
// dashboard by `Dashboard.register(Panel)` or by a pluggable settings file (`PANEL_DASHBOARD`,
// `ADD_PANEL = "pkg.panel.Class"`, `DEFAULT_PANEL`; `REMOVE_PANEL` and `DISABLED` skip it).
// A plugin's REST views register on the host's REST URLconf with `@urls.register` from
// `openstack_dashboard.api.rest.urls` (`re_path(view.url_regex, view.as_view())`), which the host,
// openstack_dashboard, includes at `api/`.

import { type Prefix, routePrefix, type UrlLeaf } from "./django-urls.js";
import { horizonLoadedModules } from "./horizon-loaded-modules.js";
import type { PyProgram } from "./py-evaluator.js";
import { asString, type ClassValue, type PyValue } from "./py-values.js";

/** The external symbol `include()` is handed to mount Horizon's dashboards. */
export const HORIZON_URLS = "horizon.urls";

/** The decorator that registers a REST view on openstack_dashboard's REST URLconf. */
const REST_REGISTER = "openstack_dashboard.api.rest.urls.register";

/** Where openstack_dashboard's URLconf includes its REST URLconf. */
const REST_MOUNT = "api/";

/** Horizon's own wrapper of `include` (openstack_dashboard's URLconf uses it). */
export const isHorizonInclude = (callee: PyValue): boolean =>
  callee.t === "external" && callee.path === "horizon.base._wrapped_include";

export interface HorizonUrlconf {
  module: string;
  /** Relative to where the site is mounted. */
  prefix: Prefix;
}

interface PanelPlace {
  dashboard: string;
  panel: ClassValue;
}

export class HorizonSite {
  private readonly registered: { dashboard: ClassValue; panel: PyValue }[] = [];
  private readonly restViews: ClassValue[] = [];
  /** The modules of the dashboards and panels placed on the site, and their URLconfs. */
  private readonly placedModules = new Set<string>();

  constructor(private readonly program: PyProgram) {}

  /** Evaluator hook: `Project.register(Instances)` on a dashboard class. True when taken. */
  noteRegister(callee: PyValue, args: PyValue[]): boolean {
    if (callee.t !== "method" || callee.name !== "register" || callee.self.t !== "class") return false;
    this.registered.push({ dashboard: callee.self, panel: args[0] ?? { t: "unknown" } });
    return true;
  }

  /** Evaluator hook: `@urls.register` (openstack_dashboard's REST URLconf) over a class view. */
  noteDecorator(decorator: PyValue, target: PyValue): void {
    if (decorator.t === "external" && decorator.path === REST_REGISTER && target.t === "class")
      this.restViews.push(target);
  }

  /** Whether a REST view was registered on openstack_dashboard's URLconf (a plugin of REST views only). */
  get hasRestViews(): boolean {
    return this.restViews.length > 0;
  }

  /**
   * The REST views registered from outside the host, as leaves under a site mount: those whose
   * module the host loads (a view in a module nothing loads never registers). Call after urlconfs().
   */
  restLeaves(mount: Prefix): UrlLeaf[] {
    const out: UrlLeaf[] = [];
    const loaded = horizonLoadedModules(this.program, [...this.placedModules]);
    for (const cls of new Set(this.restViews)) {
      if (loaded && !loaded.has(cls.ref.module)) continue;
      const regex = asString(this.program.classAttribute(cls, "url_regex"));
      if (regex === undefined) continue;
      const own = routePrefix({ route: regex, regex: true });
      out.push({
        path: `/${mount.path}${REST_MOUNT}${own.path}`,
        params: [...mount.params, ...own.params],
        view: { t: "obj", kind: "django.view", data: { cls, actions: undefined } },
        file: cls.ref.file,
        line: cls.cls.line,
      });
    }
    return out;
  }

  /** Every URLconf the site includes, with its prefix below the site's mount. */
  urlconfs(): HorizonUrlconf[] {
    const dashboards = this.dashboardsBySlug();
    const defaults = new Map<string, string>();
    const places = [...this.registeredPlaces(), ...this.pluggablePlaces(defaults)];
    const out = new Map<string, HorizonUrlconf>();
    const add = (module: string | undefined, path: string) => {
      if (module === undefined) return;
      out.set(`${module} ${path}`, { module, prefix: { path, params: [] } });
      this.placedModules.add(module);
    };
    const used = new Set<string>();
    for (const { dashboard, panel } of places) {
      const slug = asString(this.program.classAttribute(panel, "slug"));
      if (slug === undefined) continue; // where Horizon would mount it is not known
      const dashClass = dashboards.get(dashboard);
      const fallback = dashClass
        ? asString(this.program.classAttribute(dashClass, "default_panel"))
        : undefined;
      const isDefault = (defaults.get(dashboard) ?? fallback) === slug;
      this.placedModules.add(panel.ref.module);
      add(this.urlconfOf(panel), isDefault ? `${dashboard}/` : `${dashboard}/${slug.replaceAll(".", "/")}/`);
      used.add(dashboard);
    }
    for (const slug of used) {
      const dashClass = dashboards.get(slug);
      if (dashClass) this.placedModules.add(dashClass.ref.module);
      if (dashClass) add(this.urlconfOf(dashClass), `${slug}/`);
    }
    return [...out.values()];
  }

  private registeredPlaces(): PanelPlace[] {
    const out: PanelPlace[] = [];
    for (const { dashboard, panel } of this.registered) {
      if (!this.derives(dashboard, "Dashboard") || panel.t !== "class" || !this.derives(panel, "Panel"))
        continue;
      const slug = asString(this.program.classAttribute(dashboard, "slug"));
      if (slug !== undefined) out.push({ dashboard: slug, panel });
    }
    return out;
  }

  /** Pluggable settings files: module-level `PANEL_DASHBOARD`, `ADD_PANEL`, `DEFAULT_PANEL`. */
  private pluggablePlaces(defaults: Map<string, string>): PanelPlace[] {
    const out: PanelPlace[] = [];
    for (const { ref } of this.program.moduleStates()) {
      const read = (name: string) => this.program.lookup(ref.module, name);
      const dashboard = asString(read("PANEL_DASHBOARD"));
      if (dashboard === undefined || isTrue(read("DISABLED"))) continue;
      const defaultPanel = asString(read("DEFAULT_PANEL"));
      if (defaultPanel !== undefined) defaults.set(dashboard, defaultPanel);
      const added = asString(read("ADD_PANEL"));
      if (added === undefined || isTrue(read("REMOVE_PANEL"))) continue;
      const panel = this.classAt(added);
      if (panel && this.derives(panel, "Panel")) out.push({ dashboard, panel });
    }
    return out;
  }

  /**
   * The URLconfs of every dashboard and panel class, placed or not: Horizon includes them, a
   * site's URLconf never does, so none of them is a root of the URL tree.
   */
  ownedUrlconfs(): string[] {
    const all = [...this.components("Dashboard"), ...this.components("Panel")];
    return all.map((cls) => this.urlconfOf(cls)).filter((m): m is string => m !== undefined);
  }

  /** The project's dashboard classes by slug (a plugin's panels may join one outside the scan). */
  private dashboardsBySlug(): Map<string, ClassValue> {
    const out = new Map<string, ClassValue>();
    for (const cls of this.components("Dashboard")) {
      const slug = asString(this.program.classAttribute(cls, "slug"));
      if (slug !== undefined) out.set(slug, cls);
    }
    return out;
  }

  /** The project's module-level classes deriving from Horizon's Dashboard or Panel. */
  private components(kind: "Dashboard" | "Panel"): ClassValue[] {
    const out: ClassValue[] = [];
    for (const { ref, facts } of this.program.moduleStates()) {
      for (const st of facts.body) {
        if (st.s !== "class") continue;
        const cls = this.program.lookup(ref.module, st.cls.name);
        if (cls.t === "class" && this.derives(cls, kind)) out.push(cls);
      }
    }
    return out;
  }

  /** `pkg.panel.Class` → the project class, when the scan holds its module. */
  private classAt(dotted: string): ClassValue | undefined {
    const cut = dotted.lastIndexOf(".");
    const module = cut < 0 ? undefined : this.program.findModule(dotted.slice(0, cut));
    const value = module === undefined ? undefined : this.program.lookup(module, dotted.slice(cut + 1));
    return value?.t === "class" ? value : undefined;
  }

  /** A component's URLconf: its `urls` attribute (relative to its package, else absolute) or `<package>.urls`. */
  private urlconfOf(cls: ClassValue): string | undefined {
    const pkg = cls.ref.module.split(".").slice(0, -1).join(".");
    const within = (name: string) => this.program.findModule(pkg ? `${pkg}.${name}` : name);
    const named = asString(this.program.classAttribute(cls, "urls"));
    if (named !== undefined) return within(named) ?? this.program.findModule(named);
    return within("urls");
  }

  private derives(cls: ClassValue, kind: "Dashboard" | "Panel"): boolean {
    return this.program
      .ancestry(cls)
      .some((v) => v.t === "external" && (v.path === `horizon.${kind}` || v.path === `horizon.base.${kind}`));
  }
}

const isTrue = (value: PyValue): boolean => value.t === "bool" && value.v;
