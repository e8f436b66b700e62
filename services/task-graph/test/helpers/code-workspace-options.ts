// CodeWorkspace options for tests that build one directly: parsing in the calling thread (no
// worker start-up per test), no folder registration, and the service's default quotas unless given.
import { extractFacts } from "../../../../lib/code-graph/index.js";
import { readConfig } from "../../src/config.js";
import type { CodeLimits } from "../../src/domain/code/code-limits.js";
import type { CodeWorkspaceOptions } from "../../src/domain/code/code-workspace.js";
import { FolderPolicy } from "../../src/domain/code/folder-policy.js";

export function codeWorkspaceOptions(limits: Partial<CodeLimits> = {}): CodeWorkspaceOptions {
  return {
    policy: new FolderPolicy({ registerRoots: [], dataDir: null }),
    limits: { ...readConfig({}).codeLimits, ...limits },
    extractor: { extract: extractFacts, close: async () => {} },
  };
}
