/**
 * Issues and checks JWTs and keeps the map of active tokens by jti: a token is valid only while
 * its jti is in the map (logout, user deletion and reset remove it), on top of signature and exp.
 */
import { randomUUID } from "node:crypto";
import type { JWT } from "@fastify/jwt";
import { httpError } from "../../../lib/service-kit/index.js";
import type { User } from "./schemas.js";

export interface TokenClaims {
  sub: string;
  email: string;
  role: string;
  jti: string;
  iat: number;
  exp: number;
}

interface ActiveToken {
  userId: string;
  exp: number;
}

export class TokenService {
  private readonly active = new Map<string, ActiveToken>();
  private readonly byUser = new Map<string, Set<string>>();
  private issuedSinceSweep = 0;

  constructor(
    private readonly jwt: JWT,
    private readonly ttlSeconds: number,
  ) {}

  get activeCount(): number {
    return this.active.size;
  }

  issue(user: User): string {
    const jti = randomUUID();
    const token = this.jwt.sign(
      { sub: user.id, email: user.email, role: user.role, jti },
      { expiresIn: `${this.ttlSeconds}s` },
    );
    const exp = Math.floor(Date.now() / 1000) + this.ttlSeconds;
    this.active.set(jti, { userId: user.id, exp });
    const set = this.byUser.get(user.id) ?? new Set<string>();
    set.add(jti);
    this.byUser.set(user.id, set);
    if (++this.issuedSinceSweep >= 1000) this.sweepExpired();
    return token;
  }

  /** Claims of a valid, active bearer token from an Authorization header; else 401 UNAUTHORIZED. */
  authenticate(authorization: string | undefined): TokenClaims {
    const match = authorization === undefined ? null : /^Bearer +(\S+)\s*$/i.exec(authorization);
    if (!match)
      throw httpError("UNAUTHORIZED", "A bearer token is required (Authorization: Bearer <token>).");
    let claims: TokenClaims;
    try {
      claims = this.jwt.verify<TokenClaims>(match[1]!);
    } catch {
      throw httpError("UNAUTHORIZED", "The bearer token is invalid or has expired.");
    }
    const entry = typeof claims.jti === "string" ? this.active.get(claims.jti) : undefined;
    if (!entry || entry.userId !== claims.sub) {
      throw httpError("UNAUTHORIZED", "The bearer token has been revoked.");
    }
    return claims;
  }

  revoke(jti: string): void {
    const entry = this.active.get(jti);
    if (!entry) return;
    this.active.delete(jti);
    this.byUser.get(entry.userId)?.delete(jti);
  }

  revokeUser(userId: string): void {
    for (const jti of this.byUser.get(userId) ?? []) this.active.delete(jti);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.active.clear();
    this.byUser.clear();
  }

  // Expired tokens fail verification anyway; this only bounds the map's memory.
  private sweepExpired(): void {
    this.issuedSinceSweep = 0;
    const now = Math.floor(Date.now() / 1000);
    for (const [jti, entry] of this.active) if (entry.exp <= now) this.revoke(jti);
  }
}
