/**
 * A route schema applied outside an HTTP request (e.g. to the arguments of an MCP tool that does
 * what the route does): the same Ajv builder and options as the routes (ajv-options.ts), the same
 * `x-trim` trimming first, and a refusal worded as the route's 400 VALIDATION_ERROR is, naming
 * the field and what was expected. Compiled on first use, like the routes' validators.
 */
import AjvCompiler from "@fastify/ajv-compiler";
import { AJV_OPTIONS } from "./ajv-options.js";
import { trimmerFor } from "./body-trim.js";
import { httpError } from "./errors.js";
import { type AjvLikeError, summariseValidationError } from "./validation-message.js";

type Validate = ((data: unknown) => boolean) & { errors?: AjvLikeError[] | null };
type Compile = (route: { schema: unknown; method: string; url: string; httpPart: string }) => Validate;

/** One Ajv for the validators it makes (create one per app: no state shared between apps). */
export class ArgumentValidators {
  #compiler: Compile | undefined;

  /**
   * `location` names the part in the refusal's details (e.g. "arguments"); messages say `Field
   * "x" ...` as for a body. The returned function checks (and trims, and fills defaults) in
   * place, returning the value or throwing the 400 HttpError.
   */
  for<T>(schema: unknown, location: string): (data: unknown) => T {
    const trim = trimmerFor(schema);
    let validate: Validate | undefined;
    return (data) => {
      trim?.(data);
      this.#compiler ??= (AjvCompiler() as unknown as (external: unknown, options: unknown) => Compile)(
        {},
        AJV_OPTIONS,
      );
      validate ??= this.#compiler({ schema, method: "POST", url: location, httpPart: "body" });
      if (validate(data)) return data as T;
      const first = validate.errors?.[0];
      const summary = first
        ? summariseValidationError(first, location)
        : { message: "The arguments are invalid.", field: "", location, rule: "schema" };
      throw httpError("VALIDATION_ERROR", summary.message, {
        field: summary.field,
        location,
        rule: summary.rule,
      });
    };
  }
}
