// `e2e generate-tests`: a suite (page, types, modules) from one service of the manifest (SPEC §5).
export { generateSuite } from "./generate-suite.js";
export { applyWrites, planWrites } from "./write-suite.js";
