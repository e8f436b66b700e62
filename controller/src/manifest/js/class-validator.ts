// class-validator (and Nest's Swagger) decorators on a DTO class's field → constraints, a
// refined type and requiredness, in JSON Schema words.

import type { Constraints } from "../types.js";
import type { DecoratorFact } from "./module-facts.js";
import type { JsProgram } from "./program.js";
import { propOf, stringOf, type Value } from "./value.js";

export interface FieldRules {
  constraints: Constraints;
  /** A type the decorators state more precisely than the annotation (`@IsInt()` → integer). */
  type?: string;
  /** false when `@IsOptional()` / `@ApiPropertyOptional()` / `required: false` says so. */
  required?: boolean;
}

function num(v: Value | undefined, program: JsProgram, file: string): number | undefined {
  const r = v && program.resolve(v, file);
  return r?.k === "num" ? r.v : undefined;
}

function enumValues(v: Value | undefined, program: JsProgram, file: string): (string | number)[] | undefined {
  if (!v) return undefined;
  // `@IsEnum(Role)` names a TypeScript enum of the tree.
  if (v.k === "id") {
    for (const [path, m] of program.modules) {
      const found = m.enums.find((e) => e.name === v.name);
      if (found && (path === file || program.modules.get(file)?.bindings[v.name])) return found.values;
    }
  }
  const r = program.resolve(v, file);
  if (r.k === "arr") return r.items.map((i) => (i.k === "num" ? i.v : (stringOf(i) ?? "")));
  if (r.k === "obj") return r.props.map(([, x]) => (x.k === "num" ? x.v : (stringOf(x) ?? "")));
  return undefined;
}

export function fieldRules(
  decorators: readonly DecoratorFact[],
  program: JsProgram,
  file: string,
): FieldRules {
  const out: FieldRules = { constraints: {} };
  const c = out.constraints;
  for (const d of decorators) {
    const [a, b] = d.args;
    switch (d.name) {
      case "IsOptional":
      case "ApiPropertyOptional":
        out.required = false;
        break;
      case "IsDefined":
        out.required = true;
        break;
      case "ApiProperty": {
        const opts = a && program.resolve(a, file);
        const required = propOf(opts, "required");
        if (required?.k === "bool") out.required = required.v;
        break;
      }
      case "IsString":
        out.type = "string";
        break;
      case "IsInt":
        out.type = "integer";
        break;
      case "IsNumber":
        out.type = "number";
        break;
      case "IsBoolean":
        out.type = "boolean";
        break;
      case "IsEmail":
        c.format = "email";
        break;
      case "IsUUID":
        c.format = "uuid";
        break;
      case "IsUrl":
        c.format = "uri";
        break;
      case "IsDateString":
      case "IsISO8601":
      case "IsDate":
        c.format = "date-time";
        break;
      case "MinLength":
        c.minLength = num(a, program, file);
        break;
      case "MaxLength":
        c.maxLength = num(a, program, file);
        break;
      case "Length":
        c.minLength = num(a, program, file);
        if (b) c.maxLength = num(b, program, file);
        break;
      case "Min":
        c.minimum = num(a, program, file);
        break;
      case "Max":
        c.maximum = num(a, program, file);
        break;
      case "IsPositive":
        c.exclusiveMinimum = 0;
        break;
      case "IsNegative":
        c.exclusiveMaximum = 0;
        break;
      case "IsNotEmpty":
        c.minLength ??= 1;
        break;
      case "Matches": {
        const pattern = stringOf(a && program.resolve(a, file));
        if (pattern !== undefined) c.pattern = pattern;
        break;
      }
      case "IsEnum":
      case "IsIn": {
        const values = enumValues(a, program, file);
        if (values) c.enum = values;
        break;
      }
      case "ArrayMinSize":
        c.minItems = num(a, program, file);
        break;
      case "ArrayMaxSize":
        c.maxItems = num(a, program, file);
        break;
      case "IsStrongPassword":
        c.isStrongPassword = true;
        break;
      default:
    }
  }
  for (const k of Object.keys(c)) if (c[k] === undefined) delete c[k];
  return out;
}
