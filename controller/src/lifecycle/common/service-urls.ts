// Where a service is reached: base_url as configured, or rewritten to 127.0.0.1:<port> when we start it.

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** base_url's port when it names this machine (so modules keep using base_url), else undefined. */
export function loopbackPort(baseUrl: string): number | undefined {
  const url = new URL(baseUrl);
  if (!LOOPBACK.has(url.hostname) && !url.hostname.startsWith("127.")) return undefined;
  return url.port ? Number(url.port) : undefined;
}

export function onLoopback(baseUrl: string, port: number): string {
  const url = new URL(baseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString().replace(/\/$/, "");
}

export function healthUrl(baseUrl: string, endpoint: string): string {
  return baseUrl.replace(/\/+$/, "") + (endpoint.startsWith("/") ? endpoint : `/${endpoint}`);
}
