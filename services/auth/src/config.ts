/**
 * Every environment variable the auth service reads, parsed once, each bad value an error
 * naming the variable. Listed with defaults in services/auth/README.md.
 */
import { randomBytes } from "node:crypto";
import { resolvePort } from "../../../lib/service-kit/index.js";
import { DEFAULT_SCRYPT_COST } from "./passwords.js";

export const DEFAULT_PORT = 8765;

export interface AuthConfig {
  port: number;
  host: string | undefined;
  tokenTtlSeconds: number;
  jwtSecret: string;
  authRequired: boolean;
  scryptCost: number;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) {
    throw new Error(`${name} "${raw}" must be a positive integer.`);
  }
  return Number(raw);
}

function bool(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return false;
  if (["true", "1", "yes", "on"].includes(raw)) return true;
  if (["false", "0", "no", "off"].includes(raw)) return false;
  throw new Error(`${name} "${env[name]}" must be true or false.`);
}

export function resolveAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return {
    port: resolvePort(env.PORT, DEFAULT_PORT),
    host: env.HOST?.trim() || undefined,
    tokenTtlSeconds: positiveInt(env, "TOKEN_TTL_SECONDS", 3600),
    // Without a configured secret, tokens are valid only for this process's lifetime.
    jwtSecret: env.JWT_SECRET && env.JWT_SECRET.length > 0 ? env.JWT_SECRET : randomBytes(32).toString("hex"),
    authRequired: bool(env, "AUTH_REQUIRED"),
    scryptCost: positiveInt(env, "SCRYPT_COST", DEFAULT_SCRYPT_COST),
  };
}
