/**
 * How the services' Ajv validates, in one place: the routes' validators (create-app.ts) and the
 * validators of the same schemas used outside a route (argument-validator.ts, e.g. MCP tools).
 */
import { SCHEMA_KEYWORDS } from "./schema-keywords.js";

export const AJV_OPTIONS = {
  // Unknown fields must be a 400 (not silently dropped) and "5" must not pass as 5.
  customOptions: {
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    verbose: true,
  },
  // The x- keywords route schemas may use (schema-keywords.ts); strict Ajv refuses unknown ones.
  plugins: [
    (ajv: { addKeyword: (definition: object) => unknown }) => {
      for (const definition of SCHEMA_KEYWORDS) ajv.addKeyword(definition);
    },
  ],
};
