// Django REST framework views as endpoints: a router's viewsets (list/create/retrieve/update/
// partial_update/destroy as their mixins provide, and `@action`s), generic and APIView classes
// reached through `as_view()`, `@api_view` functions; serializers, pagination and permissions.

import type { Dto, Endpoint, EndpointResponse, HttpMethod, Param } from "../../types.js";
import { libraryViewMethods } from "./django-class-views.js";
import type { Prefix, UrlLeaf } from "./django-urls.js";
import { DrfSerializers } from "./drf-serializers.js";
import type { PyProgram } from "./py-evaluator.js";
import type { PyExpr, PyFunction } from "./py-facts.js";
import { PyModels } from "./py-models.js";
import { asMethod, converterType, HTTP_METHODS } from "./py-routes.js";
import { statusCode, stringList } from "./py-scanner-kit.js";
import { asString, type ClassValue, externalName, type PyValue } from "./py-values.js";

export interface Registration {
  prefix: string;
  viewset: PyValue;
  file: string;
  line: number;
}

export interface Router {
  registrations: Registration[];
  trailingSlash: boolean;
}

type Action = "list" | "create" | "retrieve" | "update" | "partial_update" | "destroy";

const ACTION_METHOD: Record<Action, [HttpMethod, boolean]> = {
  list: ["GET", false],
  create: ["POST", false],
  retrieve: ["GET", true],
  update: ["PUT", true],
  partial_update: ["PATCH", true],
  destroy: ["DELETE", true],
};

/** What DRF's classes provide, by base class name. */
const PROVIDED: Record<string, Action[]> = {
  ModelViewSet: ["list", "create", "retrieve", "update", "partial_update", "destroy"],
  ReadOnlyModelViewSet: ["list", "retrieve"],
  ListModelMixin: ["list"],
  CreateModelMixin: ["create"],
  RetrieveModelMixin: ["retrieve"],
  UpdateModelMixin: ["update", "partial_update"],
  DestroyModelMixin: ["destroy"],
  ListAPIView: ["list"],
  CreateAPIView: ["create"],
  ListCreateAPIView: ["list", "create"],
  RetrieveAPIView: ["retrieve"],
  UpdateAPIView: ["update", "partial_update"],
  DestroyAPIView: ["destroy"],
  RetrieveUpdateAPIView: ["retrieve", "update", "partial_update"],
  RetrieveDestroyAPIView: ["retrieve", "destroy"],
  RetrieveUpdateDestroyAPIView: ["retrieve", "update", "partial_update", "destroy"],
};

export class DrfLinker {
  readonly endpoints: Endpoint[] = [];
  private readonly models: PyModels;
  readonly serializers: DrfSerializers;
  private readonly pagination: string | undefined;
  /** `DEFAULT_PERMISSION_CLASSES` of the settings: what a view without its own list gets. */
  private readonly defaultPermissions: string[];
  private readonly extraDtos = new Map<string, Dto>();

  constructor(
    private readonly program: PyProgram,
    settings: string | undefined,
  ) {
    this.models = new PyModels(program);
    this.serializers = new DrfSerializers(program, this.models);
    const rest = settings ? program.lookup(settings, "REST_FRAMEWORK") : undefined;
    const setting = (key: string) =>
      rest?.t === "dict" ? rest.entries.find(([k]) => asString(k) === key)?.[1] : undefined;
    this.pagination = asString(setting("DEFAULT_PAGINATION_CLASS"))?.split(".").pop();
    this.defaultPermissions = stringList(setting("DEFAULT_PERMISSION_CLASSES")).map(
      (p) => p.split(".").pop() ?? p,
    );
  }

  dtos(): Dto[] {
    const fromSerializers = this.models
      .allClasses()
      .map((c) => this.serializers.dtoOf(c))
      .filter((d): d is Dto => d !== undefined);
    return [...fromSerializers, ...this.extraDtos.values()];
  }

  types() {
    return this.models.allEnums();
  }

  expandRouter(router: Router, prefix: Prefix): void {
    const slash = router.trailingSlash ? "/" : "";
    for (const reg of router.registrations) {
      if (reg.viewset.t !== "class") continue;
      const cls = reg.viewset;
      const lookupField = asString(this.attr(cls, "lookup_field")) ?? "pk";
      const lookup = asString(this.attr(cls, "lookup_url_kwarg")) ?? lookupField;
      const base = `/${prefix.path}${reg.prefix}`;
      const lookupParam = { name: lookup, converter: lookup === "pk" || lookup === "id" ? "int" : undefined };
      for (const action of this.actionsOf(cls)) {
        const [method, detail] = ACTION_METHOD[action];
        const path = detail ? `${base}/{${lookup}}${slash}` : `${base}${slash}`;
        const params = detail ? [...prefix.params, lookupParam] : prefix.params;
        this.push(cls, action, method, path, params, reg.file, reg.line);
      }
      for (const extra of this.extraActions(cls)) {
        const path = `${base}${extra.detail ? `/{${lookup}}` : ""}/${extra.urlPath}${slash}`;
        const params = extra.detail ? [...prefix.params, lookupParam] : prefix.params;
        for (const method of extra.methods) this.pushAction(cls, extra, method, path, params);
      }
    }
  }

  leaf(leaf: UrlLeaf): void {
    const view = factoryView(leaf.view);
    if (view.t === "func") {
      const decorator = view.fn.decorators.find(
        (d) => d.k === "call" && d.fn.k === "name" && d.fn.id === "api_view",
      );
      const methods =
        decorator?.k === "call" && decorator.args[0]?.k === "list"
          ? decorator.args[0].items
              .map((i) => (i.k === "str" ? asMethod(i.v) : undefined))
              .filter((m): m is HttpMethod => !!m)
          : (["GET"] as HttpMethod[]);
      for (const method of methods) {
        this.endpoints.push({
          id: `${method} ${leaf.path}`,
          method,
          path: leaf.path,
          handler: view.fn.name,
          file: leaf.file,
          line: leaf.line,
          params: pathParams(leaf.params),
          responses: returnResponses(view.fn, method),
          ...authFrom(this.functionPermissions(view.fn), method),
        });
      }
      return;
    }
    // `path("feed/", LatestEntriesFeed())`: an instance of a callable class (Django's syndication
    // `Feed`, or a class with `__call__`) is a view, listed as GET as a function view is.
    if (view.t === "instance" && this.callable(view.cls)) {
      this.endpoints.push({
        id: `GET ${leaf.path}`,
        method: "GET",
        path: leaf.path,
        handler: `${view.cls.cls.name}.__call__`,
        file: leaf.file,
        line: leaf.line,
        params: pathParams(leaf.params),
        responses: [],
      });
      return;
    }
    if (view.t !== "obj" || view.kind !== "django.view") return;
    const { cls, actions } = view.data as { cls: ClassValue; actions: PyValue | undefined };
    if (actions?.t === "dict") {
      for (const [k, v] of actions.entries) {
        const method = asMethod(asString(k) ?? "");
        const action = asString(v) as Action | undefined;
        if (method && action) this.push(cls, action, method, leaf.path, leaf.params, leaf.file, leaf.line);
      }
      return;
    }
    const provided = new Set(this.actionsOf(cls));
    const inherited = this.djangoViewMethods(cls);
    const answers = (method: HttpMethod, own: PyValue | undefined): boolean =>
      own?.t === "func" || (!genericAction(method, provided) && inherited.has(method));
    // A routed class whose handlers come from a base the scan cannot see (a class built by a
    // factory, a library's view) is still a route: listed as GET, as a function view is.
    const unseen = HTTP_METHODS.every(
      (m) => !answers(m, this.attr(cls, m.toLowerCase())) && !genericAction(m, provided),
    );
    for (const method of HTTP_METHODS) {
      const own = this.attr(cls, method.toLowerCase());
      const action = genericAction(method, provided);
      if (answers(method, own) || (unseen && method === "GET")) {
        this.endpoints.push({
          id: `${method} ${leaf.path}`,
          method,
          path: leaf.path,
          handler: `${cls.cls.name}.${method.toLowerCase()}`,
          file: leaf.file,
          line: leaf.line,
          params: pathParams(leaf.params),
          responses: own?.t === "func" ? returnResponses(own.fn, method) : [],
          ...this.authOf(cls, method),
        });
      } else if (action) {
        this.push(cls, action, method, leaf.path, leaf.params, leaf.file, leaf.line, method.toLowerCase());
      }
    }
  }

  private push(
    cls: ClassValue,
    action: Action,
    method: HttpMethod,
    path: string,
    params: Prefix["params"],
    file: string,
    line: number,
    handlerName: string = action,
  ): void {
    const serializer = this.serializerOf(cls);
    const endpoint: Endpoint = {
      id: `${method} ${path}`,
      method,
      path,
      handler: `${cls.cls.name}.${handlerName}`,
      file,
      line,
      params: pathParams(params),
      responses: [],
      ...this.authOf(cls, method),
    };
    if (serializer && ["create", "update", "partial_update"].includes(action)) endpoint.request = serializer;
    if (action === "destroy") endpoint.responses = [{ status: 204 }];
    else if (action === "create") endpoint.responses = [withDto(201, serializer)];
    else if (action === "list") {
      // Only DRF's own list (ListModelMixin) paginates; a hand-written `list` does not.
      const page = this.attr(cls, "list")?.t === "func" ? [] : this.pageParams(cls);
      endpoint.params.push(...page);
      endpoint.responses = [
        withDto(
          200,
          serializer && page.length > 0 ? this.paginated(serializer) : serializer && `${serializer}[]`,
        ),
      ];
    } else endpoint.responses = [withDto(200, serializer)];
    this.endpoints.push(endpoint);
  }

  private pushAction(
    cls: ClassValue,
    extra: ExtraAction,
    method: HttpMethod,
    path: string,
    params: Prefix["params"],
  ): void {
    const endpoint: Endpoint = {
      id: `${method} ${path}`,
      method,
      path,
      handler: `${cls.cls.name}.${extra.fn.name}`,
      file: extra.file,
      line: extra.line,
      params: pathParams(params),
      responses: returnResponses(extra.fn, method),
      ...this.authOf(cls, method),
    };
    if (method !== "GET" && method !== "DELETE" && extra.serializer) endpoint.request = extra.serializer;
    this.endpoints.push(endpoint);
  }

  /** Instances of the class answer requests: it has `__call__` or derives from Django's `Feed`. */
  private callable(cls: ClassValue): boolean {
    return (
      this.attr(cls, "__call__")?.t === "func" ||
      this.program
        .ancestry(cls)
        .some((a) => a.t === "external" && a.path.startsWith("django.contrib.syndication"))
    );
  }

  private attr(cls: ClassValue, name: string): PyValue | undefined {
    return this.program.classAttribute(cls, name);
  }

  private serializerOf(cls: ClassValue): string | undefined {
    const value = this.attr(cls, "serializer_class");
    return value?.t === "class" ? this.serializers.dtoOf(value)?.name : undefined;
  }

  /** The methods a Django generic view among the class's external ancestors answers. */
  private djangoViewMethods(cls: ClassValue): Set<HttpMethod> {
    const out = new Set<HttpMethod>();
    for (const ancestor of this.program.ancestry(cls)) {
      if (ancestor.t !== "external") continue;
      for (const method of libraryViewMethods(ancestor.path) ?? []) out.add(method);
    }
    return out;
  }

  private actionsOf(cls: ClassValue): Action[] {
    const out = new Set<Action>();
    for (const ancestor of this.program.ancestry(cls)) {
      const name = ancestor.t === "class" ? undefined : externalName(ancestor);
      for (const action of (name ? PROVIDED[name] : undefined) ?? []) out.add(action);
    }
    for (const action of Object.keys(ACTION_METHOD) as Action[]) {
      if (this.attr(cls, action)?.t === "func") out.add(action);
    }
    return (Object.keys(ACTION_METHOD) as Action[]).filter((a) => out.has(a));
  }

  private extraActions(cls: ClassValue): ExtraAction[] {
    const out: ExtraAction[] = [];
    const lineage = this.program.ancestry(cls).filter((a): a is ClassValue => a.t === "class");
    for (const owner of lineage) {
      for (const stmt of owner.cls.body) {
        if (stmt.s !== "def") continue;
        const index = stmt.fn.decorators.findIndex(
          (d) => d.k === "call" && d.fn.k === "name" && d.fn.id === "action",
        );
        const decorator = stmt.fn.decorators[index];
        if (decorator?.k !== "call" || out.some((o) => o.fn.name === stmt.fn.name)) continue;
        // `action(methods=None, detail=None, url_path=None, …)`: each may be given by position.
        const [byPosition0, byPosition1, byPosition2] = decorator.args;
        const kw: Record<string, PyExpr | undefined> = {
          ...decorator.kw,
          methods: decorator.kw.methods ?? byPosition0,
          detail: decorator.kw.detail ?? byPosition1,
          url_path: decorator.kw.url_path ?? byPosition2,
        };
        const methods =
          kw.methods?.k === "list"
            ? kw.methods.items
                .map((i) => (i.k === "str" ? asMethod(i.v) : undefined))
                .filter((m): m is HttpMethod => !!m)
            : (["GET"] as HttpMethod[]);
        const serializerValue = kw.serializer_class
          ? this.program.evaluateIn(owner.ref.module, kw.serializer_class)
          : undefined;
        out.push({
          fn: stmt.fn,
          detail: kw.detail?.k === "bool" && kw.detail.v,
          methods,
          urlPath: kw.url_path?.k === "str" ? kw.url_path.v : stmt.fn.name,
          serializer:
            serializerValue?.t === "class" ? this.serializers.dtoOf(serializerValue)?.name : undefined,
          file: owner.ref.file,
          line: stmt.fn.decoratorLines[index] ?? stmt.fn.line,
        });
      }
    }
    return out;
  }

  private authOf(cls: ClassValue, method: HttpMethod): { auth?: boolean } {
    const permissions = this.attr(cls, "permission_classes");
    const names =
      permissions?.t === "list"
        ? permissions.items.map((p) => externalName(p) ?? (p.t === "class" ? p.cls.name : ""))
        : this.defaultPermissions;
    return authFrom(names, method);
  }

  /** `@permission_classes([...])` on an `@api_view` function, else the settings' default. */
  private functionPermissions(fn: PyFunction): string[] {
    const decorator = fn.decorators.find(
      (d) => d.k === "call" && d.fn.k === "name" && d.fn.id === "permission_classes",
    );
    const list = decorator?.k === "call" ? decorator.args[0] : undefined;
    if (list?.k !== "list") return this.defaultPermissions;
    return list.items.map((i) => (i.k === "name" ? i.id : i.k === "attr" ? i.name : ""));
  }

  private pageParams(cls: ClassValue): Param[] {
    const own = this.attr(cls, "pagination_class");
    const style = own?.t === "none" ? undefined : ((own ? externalName(own) : undefined) ?? this.pagination);
    if (style === "PageNumberPagination")
      return [{ name: "page", in: "query", type: "integer", required: false }];
    if (style === "LimitOffsetPagination") {
      return [
        { name: "limit", in: "query", type: "integer", required: false },
        { name: "offset", in: "query", type: "integer", required: false },
      ];
    }
    return [];
  }

  /** DRF's page envelope around a serializer, named as drf-spectacular names it. */
  private paginated(serializer: string): string {
    const name = `Paginated${serializer}List`;
    const model = this.dtos().find((d) => d.name === serializer);
    this.extraDtos.set(name, {
      name,
      file: model?.file ?? "",
      line: model?.line ?? 1,
      kind: "drf-pagination",
      fields: [
        { name: "count", type: "integer", required: true, constraints: {} },
        { name: "next", type: "string | null", required: true, constraints: { format: "uri" } },
        { name: "previous", type: "string | null", required: true, constraints: { format: "uri" } },
        { name: "results", type: `${serializer}[]`, required: true, constraints: {} },
      ],
    });
    return name;
  }
}

interface ExtraAction {
  fn: PyFunction;
  detail: boolean;
  methods: HttpMethod[];
  urlPath: string;
  serializer: string | undefined;
  file: string;
  line: number;
}

/** Authentication is needed when a permission class demands it for this method. */
function authFrom(permissions: string[], method: HttpMethod): { auth?: boolean } {
  const safe = method === "GET" || method === "HEAD" || method === "OPTIONS";
  const required = permissions.some((n) =>
    n.endsWith("OrReadOnly") ? !safe : n.startsWith("IsAuthenticated") || n === "IsAdminUser",
  );
  return required ? { auth: true } : {};
}

function genericAction(method: HttpMethod, provided: Set<Action>): Action | undefined {
  if (method === "GET")
    return provided.has("list") ? "list" : provided.has("retrieve") ? "retrieve" : undefined;
  const byMethod: Partial<Record<HttpMethod, Action>> = {
    POST: "create",
    PUT: "update",
    PATCH: "partial_update",
    DELETE: "destroy",
  };
  const action = byMethod[method];
  return action && provided.has(action) ? action : undefined;
}

function withDto(status: number, dto: string | undefined): EndpointResponse {
  return dto ? { status, dto } : { status };
}

function pathParams(params: Prefix["params"]): Param[] {
  return params.map(({ name, converter }) => {
    const { type, format } = converterType(converter);
    return format
      ? { name, in: "path", type, required: true, constraints: { format } }
      : { name, in: "path", type, required: true };
  });
}

/** `return Response(..., status=204)` in a view method; 200 when it does not say. */
function returnResponses(fn: PyFunction, method: HttpMethod): EndpointResponse[] {
  const statuses = new Set<number>();
  for (const use of fn.uses) {
    if (use.kind !== "return" || use.only?.includes(method) === false || use.not?.includes(method)) continue;
    statuses.add(statusCode(use.statusExpr) ?? 200);
  }
  return statuses.size > 0 ? [...statuses].sort().map((status) => ({ status })) : [{ status: 200 }];
}

/**
 * `done = confirmation_view(template="…")` where `def confirmation_view(template): def
 * confirmed(request): …; return confirmed`: a project function that defines and returns a
 * function (a view factory) gives that function, and Django routes to it like any view function.
 */
function factoryView(view: PyValue): PyValue {
  if (view.t !== "result") return view;
  const returned = view.fn.fn.returned;
  if (returned?.k !== "name") return view;
  const inner = view.fn.fn.body.find((st) => st.s === "def" && st.fn.name === returned.id);
  return inner?.s === "def" ? { t: "func", ref: view.fn.ref, fn: inner.fn } : view;
}
