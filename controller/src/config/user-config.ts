// What a user may write: every option optional (deeply), reporting.format as one name or a list.
import type { ReportFormat } from "./report-formats.js";
import type { ResolvedConfig, ServiceConfig } from "./types.js";

/** A built-in reporter, or the path of a reporter module. */
type ReporterName = ReportFormat | (string & {});

type DeepPartial<T> = T extends (infer U)[]
  ? U[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export interface UserConfig {
  general?: DeepPartial<ResolvedConfig["general"]>;
  services?: Record<string, DeepPartial<Omit<ServiceConfig, "name">> & { base_url: string }>;
  api_gateway?: DeepPartial<ResolvedConfig["api_gateway"]>;
  databases?: Record<string, DeepPartial<ResolvedConfig["databases"][string]>>;
  test_data?: DeepPartial<ResolvedConfig["test_data"]>;
  security?: DeepPartial<ResolvedConfig["security"]>;
  reporting?: Omit<DeepPartial<ResolvedConfig["reporting"]>, "format"> & {
    format?: ReporterName | ReporterName[];
  };
}
