import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from "@nestjs/common";
import { Reflector } from "@nestjs/core";
import { JwtService } from "@nestjs/jwt";
import type { AuthUser } from "./auth-user";
import { IS_PUBLIC } from "./public.decorator";

// RealWorld clients send `Authorization: Token <jwt>`.
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const request = context
      .switchToHttp()
      .getRequest<{ headers: { authorization?: string }; user?: AuthUser }>();
    const [scheme, token] = (request.headers.authorization ?? "").split(" ");
    if (scheme !== "Token" || !token) throw new UnauthorizedException("missing Token authorization");
    try {
      request.user = this.jwt.verify<AuthUser>(token);
    } catch {
      throw new UnauthorizedException("invalid token");
    }
    return true;
  }
}
