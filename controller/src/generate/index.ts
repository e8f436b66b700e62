// `e2e generate-tests`: a suite (page, types, modules) from one service of the manifest (SPEC §5).
export { generateSuite, type SuiteOptions } from "./generate-suite.js";
export type { Checks } from "./render-modules.js";
export { type Action, applyWrites, type PlannedWrite, planWrites } from "./write-suite.js";
