// The report document (schema: e2e-report.schema.json, README.md): a redacted, self-describing view of a
// RunResult. The json reporter writes it as is; the html reporter renders it.

import type { ResolvedConfig } from "../config/index.js";
import type { RecordedExchange } from "../http/index.js";
import {
  type AttemptRecord,
  type FailureDetails,
  type ModuleResult,
  type ModuleStatus,
  type RunResult,
  type RunSummary,
  type ServiceResult,
  summarize,
} from "../runner/index.js";
import { curlCommand } from "./curl-command.js";
import type { Redactor } from "./redact.js";
import {
  type ConfiguredEndpoint,
  type EndpointCall,
  type EndpointCoverage,
  endpointCoverage,
  endpointsCalled,
  uncalledEndpoints,
} from "./traceability.js";

/** The JSON report's file name in the report folder (the json reporter writes it; merge-reports reads it). */
export const JSON_REPORT_FILE = "e2e-report.json";

// 2: a module's `attempts` became the list of its attempts (it was their count).
export const REPORT_SCHEMA_VERSION = 2;

/** A request of the timeline; headers and bodies only with reporting.include_payloads. */
export type ReportExchange = Pick<
  RecordedExchange,
  "method" | "url" | "startedAt" | "durationMs" | "attempts"
> &
  Partial<
    Pick<
      RecordedExchange,
      "endpoint" | "status" | "error" | "requestHeaders" | "requestBody" | "responseHeaders" | "responseBody"
    >
  > & {
    /** A copy-paste curl command repeating the request, secrets redacted. */
    curl?: string;
  };

export interface ReportAttempt {
  status: "passed" | "failed" | "error";
  durationMs: number;
  failure?: FailureDetails;
  /** The attempt's last request (with its payloads only under include_payloads, or when it failed). */
  lastExchange?: ReportExchange;
}

export interface ReportModule {
  service: string;
  name: string;
  file: string;
  tags: string[];
  status: ModuleStatus;
  durationMs: number;
  /** Every attempt in order (empty when it did not run); a flaky module's first failure stays here. */
  attempts: ReportAttempt[];
  skipReason?: string;
  lastResponseStatus?: number;
  failure?: FailureDetails;
  endpointsCalled: EndpointCall[];
  requests: ReportExchange[];
}

export interface ReportService {
  name: string;
  baseUrl: string;
  summary: RunSummary;
  modules: ReportModule[];
}

export interface ReportDocument {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  run: {
    id: string;
    startedAt: string;
    finishedAt: string;
    durationMs: number;
    configPath: string;
    environment: string;
    project: { name: string; version: string };
    exitCode: number;
    includePayloads: boolean;
  };
  summary: RunSummary;
  services: ReportService[];
  failures: {
    service: string;
    module: string;
    file: string;
    status: ModuleStatus;
    failure: FailureDetails;
  }[];
  traceability: {
    modules: { service: string; module: string; endpoints: EndpointCall[] }[];
    services: {
      service: string;
      configured: number;
      called: EndpointCoverage[];
      uncalled: ConfiguredEndpoint[];
    }[];
  };
}

export interface DocumentOptions {
  redactor: Redactor;
  includePayloads: boolean;
  /** From onInit; gives the templates of uncalled endpoints. */
  config?: ResolvedConfig;
}

// The json, junit and html reporters all need the same document for the same run: build it once.
const built = new WeakMap<RunResult, { options: DocumentOptions; document: ReportDocument }>();

/** The redacted document for a run; the same object for the same result and options (do not mutate it). */
export function buildReportDocument(result: RunResult, options: DocumentOptions): ReportDocument {
  const hit = built.get(result);
  if (
    hit &&
    hit.options.redactor === options.redactor &&
    hit.options.includePayloads === options.includePayloads &&
    hit.options.config === options.config
  ) {
    return hit.document;
  }
  const document = buildDocument(result, options);
  built.set(result, { options: { ...options }, document });
  return document;
}

function buildDocument(result: RunResult, options: DocumentOptions): ReportDocument {
  const { redactor } = options;
  const services = result.services.map((service) => reportService(service, options));
  const modules = services.flatMap((service) => service.modules);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    run: {
      id: result.runId,
      startedAt: result.startedAt,
      finishedAt: result.finishedAt,
      durationMs: result.summary.durationMs,
      configPath: result.configPath,
      environment: result.environment,
      project: { name: result.project.name, version: result.project.version },
      exitCode: result.exitCode,
      includePayloads: options.includePayloads,
    },
    summary: { ...result.summary },
    services,
    failures: modules
      .filter((m) => (m.status === "failed" || m.status === "error") && m.failure)
      .map((m) => ({
        service: m.service,
        module: m.name,
        file: m.file,
        status: m.status,
        failure: m.failure!,
      })),
    traceability: {
      modules: modules.map((m) => ({ service: m.service, module: m.name, endpoints: m.endpointsCalled })),
      services: result.services.map((service, i) => {
        const configured = options.config?.services?.[service.name]?.endpoints;
        return {
          service: service.name,
          configured: configured ? Object.keys(configured).length : countConfigured(service),
          called: endpointCoverage(services[i]!.modules),
          uncalled: uncalledEndpoints(service, configured).map((e) => ({
            ...e,
            path: redactor.text(e.path),
          })),
        };
      }),
    },
  };
}

function reportService(service: ServiceResult, options: DocumentOptions): ReportService {
  return {
    name: service.name,
    baseUrl: options.redactor.text(service.baseUrl),
    summary: summarize(
      service.modules,
      service.modules.reduce((ms, m) => ms + m.durationMs, 0),
    ),
    modules: service.modules.map((m) => reportModule(m, options)),
  };
}

function reportModule(
  m: ModuleResult,
  { redactor, includePayloads }: Pick<DocumentOptions, "redactor" | "includePayloads">,
): ReportModule {
  const out: ReportModule = {
    service: m.service,
    name: m.module,
    file: m.file,
    tags: [...m.tags],
    status: m.status,
    durationMs: m.durationMs,
    attempts: reportAttempts(m, redactor, includePayloads),
    endpointsCalled: endpointsCalled(m, (t) => redactor.text(t)),
    // A failure's last exchange keeps its payloads (as the console shows them), also without include_payloads.
    requests: m.requests.map((x, i) =>
      reportExchange(x, redactor, includePayloads || (i === m.requests.length - 1 && failedStatus(m.status))),
    ),
  };
  if (m.skipReason !== undefined) out.skipReason = redactor.text(m.skipReason);
  if (m.lastResponseStatus !== undefined) out.lastResponseStatus = m.lastResponseStatus;
  if (m.failure) out.failure = redactor.failure(m.failure);
  return out;
}

function failedStatus(status: ModuleStatus): boolean {
  return status === "failed" || status === "error";
}

function reportAttempts(m: ModuleResult, redactor: Redactor, includePayloads: boolean): ReportAttempt[] {
  // Results made without a log (a module that could not load) still count their one attempt.
  const status = m.status;
  const log: AttemptRecord[] =
    m.attemptLog ??
    (m.attempts > 0 && status !== "skipped" && status !== "flaky" && status !== "interrupted"
      ? [{ status, durationMs: m.durationMs, ...(m.failure ? { failure: m.failure } : {}) }]
      : []);
  return log.map((a) => {
    const out: ReportAttempt = { status: a.status, durationMs: a.durationMs };
    if (a.failure) out.failure = redactor.failure(a.failure);
    // A failed attempt's exchange is shown in full (as the console does); passes follow include_payloads.
    if (a.lastExchange)
      out.lastExchange = reportExchange(a.lastExchange, redactor, includePayloads || a.status !== "passed");
    return out;
  });
}

function reportExchange(x: RecordedExchange, redactor: Redactor, includePayloads: boolean): ReportExchange {
  // Without payloads only the timeline is kept, so only the URL and error text need redacting.
  const safe = includePayloads ? redactor.exchange(x) : x;
  const out: ReportExchange = {
    method: x.method,
    url: includePayloads ? safe.url : redactor.text(x.url),
    startedAt: x.startedAt,
    durationMs: x.durationMs,
    attempts: x.attempts,
  };
  if (x.endpoint) out.endpoint = { ...x.endpoint };
  if (x.status !== undefined) out.status = x.status;
  out.curl = curlCommand(
    includePayloads
      ? safe
      : {
          ...x,
          url: out.url,
          requestHeaders: redactor.headers(x.requestHeaders),
          ...("requestBody" in x ? { requestBody: redactor.value(x.requestBody) } : {}),
        },
  );
  if (x.error !== undefined) out.error = includePayloads ? safe.error : redactor.text(x.error);
  if (includePayloads) {
    out.requestHeaders = safe.requestHeaders;
    if ("requestBody" in safe) out.requestBody = safe.requestBody;
    if (safe.responseHeaders) out.responseHeaders = safe.responseHeaders;
    if ("responseBody" in safe) out.responseBody = safe.responseBody;
  }
  return out;
}

function countConfigured(service: ServiceResult): number {
  const called = new Set(
    service.modules.flatMap((m) => m.requests.map((r) => r.endpoint?.name).filter(Boolean)),
  );
  return called.size + service.uncalledEndpoints.length;
}
