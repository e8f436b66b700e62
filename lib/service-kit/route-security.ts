/**
 * Access checks decided on the route that matched, never on the raw request line. A route states
 * what it needs as the OpenAPI `security` of its schema; one onRequest hook enforces exactly that,
 * so the document and the enforcement have one source. Fastify runs onRequest after routing, on
 * the decoded path, so `/%61pi/...`, absolute-form and asterisk-form targets that reach a route
 * reach its check, and a target that matches no route gets the 404/405 handler (no data).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { httpError } from "./errors.js";

/** OpenAPI 3.0 security scheme objects the kit can enforce. */
export type OpenApiSecurityScheme =
  | { type: "http"; scheme: "bearer"; bearerFormat?: string; description?: string }
  | { type: "apiKey"; in: "header"; name: string; description?: string };

export interface SecurityScheme {
  /** How the scheme appears in `components.securitySchemes`. */
  openapi: OpenApiSecurityScheme;
  /** How to send it, for the 401 message. @default from `openapi`, e.g. "X-API-Key: <credential>" */
  hint?: string;
  /**
   * The principal this request proves (anything but undefined), undefined when it sends no
   * credential of this scheme; throws an HttpError (401) when it sends one that is not valid.
   */
  verify(request: FastifyRequest): unknown;
}

/** One requirement names schemes that must all pass; a route's list gives alternatives. */
export type SecurityRequirement = Record<string, string[]>;

const principals = new WeakMap<FastifyRequest, unknown>();

/** What the route's security check proved (e.g. token claims); undefined on an open route. */
export function principalOf<T>(request: FastifyRequest): T | undefined {
  return principals.get(request) as T | undefined;
}

function requirementsOf(schema: unknown): SecurityRequirement[] {
  const security = (schema as { security?: SecurityRequirement[] } | undefined)?.security;
  return Array.isArray(security) ? security : [];
}

function hintOf({ openapi, hint }: SecurityScheme): string {
  if (hint) return hint;
  return openapi.type === "http" ? "Authorization: Bearer <credential>" : `${openapi.name}: <credential>`;
}

/**
 * The schemes routes may name, shared by the OpenAPI document (by reference) and the hook.
 * Created per app by createServiceApp; services fill it with declareSecuritySchemes.
 */
export class SecurityRegistry {
  /** The very object @fastify/swagger puts at components.securitySchemes. */
  readonly documented: Record<string, OpenApiSecurityScheme> = {};
  private readonly schemes = new Map<string, SecurityScheme>();

  declare(schemes: Record<string, SecurityScheme>): void {
    for (const [name, scheme] of Object.entries(schemes)) {
      this.schemes.set(name, scheme);
      this.documented[name] = scheme.openapi;
    }
  }

  attach(app: FastifyInstance): void {
    // A route naming an undeclared scheme would be documented as protected yet enforced by
    // nothing: refuse to register it.
    app.addHook("onRoute", (route: RouteOptions) => {
      for (const requirement of requirementsOf(route.schema)) {
        for (const name of Object.keys(requirement)) {
          if (!this.schemes.has(name)) {
            throw new Error(
              `Route ${String(route.method)} ${route.url} requires security scheme "${name}", which is not declared; call declareSecuritySchemes before registering routes.`,
            );
          }
        }
      }
    });
    app.addHook("onRequest", async (request) => {
      const requirements = requirementsOf(request.routeOptions.schema);
      if (requirements.length > 0) principals.set(request, this.check(request, requirements));
    });
  }

  private check(request: FastifyRequest, requirements: SecurityRequirement[]): unknown {
    let invalid: unknown;
    for (const requirement of requirements) {
      const names = Object.keys(requirement);
      if (names.length === 0) return null; // `{}` makes the credential optional
      try {
        const proved = names.map((name) => this.schemes.get(name)!.verify(request));
        if (proved.every((p) => p !== undefined)) return proved.length === 1 ? proved[0] : proved;
      } catch (err) {
        invalid ??= err;
      }
    }
    // A credential that was sent but is wrong says so; otherwise say what to send.
    if (invalid !== undefined) throw invalid;
    const hints = requirements.flatMap((r) => Object.keys(r).map((n) => hintOf(this.schemes.get(n)!)));
    throw httpError("UNAUTHORIZED", `Credentials are required: send ${[...new Set(hints)].join(" or ")}.`);
  }
}

const registries = new WeakMap<FastifyInstance, SecurityRegistry>();

export function attachSecurityRegistry(app: FastifyInstance): SecurityRegistry {
  const registry = new SecurityRegistry();
  registry.attach(app);
  registries.set(app, registry);
  return registry;
}

/** Declares the schemes the app's routes may name in `schema.security` (call before routes). */
export function declareSecuritySchemes(app: FastifyInstance, schemes: Record<string, SecurityScheme>): void {
  const registry = registries.get(app);
  if (!registry) throw new Error("declareSecuritySchemes needs the app returned by createServiceApp.");
  registry.declare(schemes);
}
