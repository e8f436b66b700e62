// Whether a name says that its value is a secret: one rule for the services' logs
// (lib/service-kit) and the controller's reports (controller/src/report/redact.ts).
export { isSecretName } from "./secret-names.js";
