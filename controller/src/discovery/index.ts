export { discoverSuites, type ModuleFile, type ServiceSuite } from "./discover-suites.js";
