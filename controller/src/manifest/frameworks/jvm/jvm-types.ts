// Java and Kotlin types in the manifest's notation, and Bean Validation / Jackson annotations
// as requiredness and JSON Schema constraints.

import type { Constraints } from "../../types.js";
import type { JvmAnnotation, JvmExpr, JvmType } from "./jvm-facts.js";

const SCALARS: Record<string, [string, string?]> = {
  String: ["string"],
  CharSequence: ["string"],
  char: ["string"],
  Character: ["string"],
  Char: ["string"],
  int: ["integer"],
  Integer: ["integer"],
  Int: ["integer"],
  long: ["integer"],
  Long: ["integer"],
  short: ["integer"],
  Short: ["integer"],
  byte: ["integer"],
  Byte: ["integer"],
  BigInteger: ["integer"],
  double: ["number"],
  Double: ["number"],
  float: ["number"],
  Float: ["number"],
  BigDecimal: ["number"],
  Number: ["number"],
  boolean: ["boolean"],
  Boolean: ["boolean"],
  LocalDate: ["string", "date"],
  LocalDateTime: ["string", "date-time"],
  OffsetDateTime: ["string", "date-time"],
  ZonedDateTime: ["string", "date-time"],
  Instant: ["string", "date-time"],
  Date: ["string", "date-time"],
  LocalTime: ["string", "time"],
  Duration: ["string", "duration"],
  UUID: ["string", "uuid"],
  URI: ["string", "uri"],
  URL: ["string", "uri"],
  Object: ["unknown"],
  Any: ["unknown"],
  JsonNode: ["unknown"],
};

const COLLECTIONS = new Set([
  "List",
  "Set",
  "Collection",
  "Iterable",
  "MutableList",
  "MutableSet",
  "ArrayList",
  "HashSet",
  "Flux",
  "Stream",
  "Sequence",
  "Array",
]);
const MAPS = new Set(["Map", "MutableMap", "HashMap", "LinkedHashMap"]);
/** Wrappers whose body is their type argument. */
export const WRAPPERS = new Set([
  "ResponseEntity",
  "Optional",
  "Mono",
  "CompletableFuture",
  "Callable",
  "DeferredResult",
  "HttpEntity",
]);
export const VOID = new Set(["void", "Void", "Unit"]);

export interface JvmTypeText {
  text: string;
  format?: string;
  isArray: boolean;
}

/** `named` gives the manifest name of a project class (DTO or enum), or undefined. */
export function jvmTypeText(
  type: JvmType | undefined,
  named: (name: string) => string | undefined,
): JvmTypeText {
  if (!type) return { text: "unknown", isArray: false };
  const item = (t: JvmType | undefined) => jvmTypeText(t, named).text;
  if (type.array) return { text: `${item({ ...type, array: false })}[]`, isArray: true };
  if (COLLECTIONS.has(type.name)) return { text: `${item(type.args[0])}[]`, isArray: true };
  if (MAPS.has(type.name)) return { text: `Record<string, ${item(type.args[1])}>`, isArray: false };
  if (WRAPPERS.has(type.name)) return jvmTypeText(type.args[0], named);
  const scalar = SCALARS[type.name];
  if (scalar) return { text: scalar[0], format: scalar[1], isArray: false };
  return { text: named(type.name) ?? "unknown", isArray: false };
}

const REQUIRED = new Set(["NotNull", "NotBlank", "NotEmpty"]);

export function requiredByAnnotation(annotations: JvmAnnotation[]): boolean {
  return annotations.some(
    (a) =>
      REQUIRED.has(a.name) ||
      (a.name === "JsonProperty" && a.args.required?.k === "bool" && a.args.required.v),
  );
}

const num = (e: JvmExpr | undefined): number | undefined =>
  e?.k === "num"
    ? e.v
    : e?.k === "str" && e.v.trim() !== "" && !Number.isNaN(Number(e.v))
      ? Number(e.v)
      : undefined;

/** Bean Validation annotations in JSON Schema words; other checks keep their own name. */
export function validationConstraints(annotations: JvmAnnotation[], isArray: boolean): Constraints {
  const out: Constraints = {};
  const set = (rule: string, value: unknown) => {
    if (value !== undefined) out[rule] = value;
  };
  for (const a of annotations) {
    switch (a.name) {
      case "Size":
      case "Length":
        set(isArray ? "minItems" : "minLength", num(a.args.min));
        set(isArray ? "maxItems" : "maxLength", num(a.args.max));
        break;
      case "NotBlank":
        set("minLength", 1);
        break;
      case "NotEmpty":
        set(isArray ? "minItems" : "minLength", 1);
        break;
      case "Min":
      case "DecimalMin":
        set("minimum", num(a.args.value));
        break;
      case "Max":
      case "DecimalMax":
        set("maximum", num(a.args.value));
        break;
      case "Positive":
        set("exclusiveMinimum", 0);
        break;
      case "PositiveOrZero":
        set("minimum", 0);
        break;
      case "Negative":
        set("exclusiveMaximum", 0);
        break;
      case "NegativeOrZero":
        set("maximum", 0);
        break;
      case "Pattern":
        set("pattern", a.args.regexp?.k === "str" ? a.args.regexp.v : undefined);
        break;
      case "Email":
        set("format", "email");
        break;
      case "Past":
      case "PastOrPresent":
      case "Future":
      case "FutureOrPresent":
      case "AssertTrue":
      case "AssertFalse":
        set(a.name[0]!.toLowerCase() + a.name.slice(1), true);
        break;
    }
  }
  return out;
}
