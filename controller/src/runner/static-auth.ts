// services.<name>.auth with type bearer | api_key (SPEC §3b): the same header on every request of
// the service's pages, built as for api_gateway.auth; nothing to renew, so no status re-sends.

import { credentialHeaders, type StaticAuthConfig } from "../config/index.js";
import type { PageAuth } from "../http/index.js";

export function staticPageAuth(auth: StaticAuthConfig): PageAuth {
  const [entry] = Object.entries(credentialHeaders(auth));
  // The config reader refuses a static auth without its credential: this cannot be reached.
  if (!entry) throw new Error(`auth.type ${auth.type}: no credential to send`);
  const [header, value] = entry;
  const current = (): Promise<string> => Promise.resolve(value);
  return { header, refreshOn: [], current, renew: current };
}
