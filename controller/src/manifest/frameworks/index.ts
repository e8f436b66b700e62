// The table of scanners `e2e manifest` runs: one row per framework (or language models scanner).
// Adding a framework = one file in this folder plus one row here (README.md says how).

import type { FrameworkScanner } from "../scanner.js";

export const scanners: readonly FrameworkScanner[] = [];
