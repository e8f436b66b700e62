// Deterministic, realistic synthetic issue texts for the search and embedder benchmarks: titles
// and descriptions built from component names, symptoms, code identifiers, HTTP codes and
// environments, the mix real trackers hold. Same seed → same corpus.

const COMPONENTS = [
  "auth-service",
  "billing",
  "search",
  "dashboard",
  "api-gateway",
  "scheduler",
  "notifications",
  "user-profile",
  "payments",
  "reporting",
  "graph-store",
  "vector-index",
];
const SYMPTOMS = [
  "fails with",
  "times out on",
  "returns wrong data for",
  "crashes during",
  "is slow on",
  "leaks memory in",
  "throws NullPointerException in",
  "logs spurious warnings in",
  "deadlocks under",
  "retries forever in",
];
const ACTIONS = [
  "login",
  "token refresh",
  "checkout",
  "CSV export",
  "bulk import",
  "password reset",
  "webhook delivery",
  "nightly sync",
  "search query",
  "chart render",
  "session expiry",
  "file upload",
];
const IDENTIFIERS = [
  "getUserById",
  "refreshAccessToken",
  "OrderRepository.save",
  "render_chart_colors",
  "parseCsvRow",
  "retry-policy",
  "SessionStore.evict",
  "sendWebhook",
  "computeInvoiceTotal",
  "PaymentGateway.charge",
  "indexDocument",
  "buildQueryPlan",
];
const CODES = [
  "401",
  "403",
  "404",
  "409",
  "429",
  "500",
  "502",
  "503",
  "504",
  "ECONNRESET",
  "ETIMEDOUT",
  "OOMKilled",
];
const ENVS = ["staging", "production", "CI", "local docker", "the nightly build", "Kubernetes"];
const DETAILS = [
  "Steps to reproduce are in the linked ticket.",
  "Started after the last deploy.",
  "Only happens with more than 1000 rows.",
  "Seen by several customers this week.",
  "The stack trace points at the connection pool.",
  "Workaround: restart the pod.",
  "Probably related to the cache eviction change.",
  "Flaky: fails about one run in five.",
];

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface SyntheticIssue {
  id: string;
  title: string;
  description: string;
  labels: string[];
}

export function syntheticIssues(count: number, seed = 42): SyntheticIssue[] {
  const r = rng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const component = pick(COMPONENTS);
    const title = `${component} ${pick(SYMPTOMS)} ${pick(ACTIONS)} (${pick(CODES)})`;
    const description = `${pick(IDENTIFIERS)} ${pick(SYMPTOMS)} ${pick(ACTIONS)} in ${pick(ENVS)}. ${pick(DETAILS)} Error ${pick(CODES)} from ${pick(IDENTIFIERS)}. ${pick(DETAILS)}`;
    return {
      id: `bench-${i}`,
      title,
      description,
      labels: [component, pick(["bug", "perf", "flaky", "security"])],
    };
  });
}

/** Short queries of the kind people type: a symptom, an identifier, a code. */
export function syntheticQueries(count: number, seed = 7): string[] {
  const r = rng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]!;
  const shapes = [
    () => `${pick(ACTIONS)} ${pick(SYMPTOMS)} ${pick(CODES)}`,
    () => `${pick(IDENTIFIERS)} ${pick(CODES)}`,
    () => `${pick(COMPONENTS)} ${pick(ACTIONS)}`,
    () => `why does ${pick(ACTIONS)} fail in ${pick(ENVS)}`,
  ];
  return Array.from({ length: count }, () => pick(shapes)());
}
