// The service `e2e init` writes a suite for: --name, --base-url and --health, checked up front so
// a typo is reported (exit 2) before any file is written.

import { UsageError } from "../../errors/index.js";

export interface InitService {
  /** services.<name> and the services/<name>/ folder. */
  name: string;
  baseUrl: string;
  /** Health path, from the root of base_url. */
  health: string;
}

export const INIT_DEFAULTS: InitService = {
  name: "api",
  baseUrl: "http://127.0.0.1:8080",
  health: "/health",
};

/** Same rule as the config's service names (config/sections/services.ts SERVICE_NAME). */
const NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** @throws UsageError naming each bad option and what was expected */
export function checkInitService(service: InitService): InitService {
  const problems: string[] = [];
  if (!NAME.test(service.name))
    problems.push(
      `--name must start with a letter and hold only letters, digits, ".", "_" or "-", got ${JSON.stringify(service.name)}`,
    );
  let url: URL | undefined;
  try {
    url = new URL(service.baseUrl);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol))
    problems.push(`--base-url must be an http:// or https:// URL, got ${JSON.stringify(service.baseUrl)}`);
  if (!service.health.startsWith("/") || /\s/.test(service.health))
    problems.push(`--health must be a path starting with "/", got ${JSON.stringify(service.health)}`);
  if (problems.length > 0) throw new UsageError(problems.join("\n"));
  return { ...service, baseUrl: service.baseUrl.replace(/\/+$/, "") };
}

/** "billing-api" → "BillingApiPage". */
export function pageClassName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return `${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("")}Page`;
}
