// The DTOs and enums an endpoint reaches: project classes met in signatures, then in their
// fields (records, classes, Kotlin data classes), with Jackson names and Bean Validation rules.

import type { Constraints, Dto, Field, TypeDecl } from "../../types.js";
import { type ClassIndex, type Located, str } from "./class-index.js";
import type { JvmType, JvmVariable } from "./jvm-facts.js";
import { jvmTypeText, requiredByAnnotation, validationConstraints } from "./jvm-types.js";

export class SpringModels {
  readonly dtos = new Map<string, Dto>();
  readonly types = new Map<string, TypeDecl>();

  constructor(private readonly index: ClassIndex) {}

  typeText(type: JvmType | undefined, owner: Located) {
    return jvmTypeText(type, (name) => this.modelName(name, owner));
  }

  /** Registers a project class met in a signature as a DTO or enum, and gives its name. */
  private modelName(name: string, from: Located): string | undefined {
    const found = this.index.resolve(name, from.file);
    if (!found) return undefined;
    const { cls, file } = found;
    if (cls.kind === "enum") {
      if (!this.types.has(cls.name))
        this.types.set(cls.name, {
          name: cls.name,
          kind: "enum",
          file: file.path,
          line: cls.line,
          values: cls.enumValues,
        });
      return cls.name;
    }
    if (cls.kind === "interface" || cls.kind === "annotation" || cls.kind === "object") return undefined;
    if (!this.dtos.has(cls.name)) {
      const dto: Dto = {
        name: cls.name,
        file: file.path,
        line: cls.line,
        fields: [],
        kind: file.path.endsWith(".kt")
          ? "kotlin-class"
          : cls.kind === "record"
            ? "java-record"
            : "java-class",
      };
      this.dtos.set(cls.name, dto);
      dto.fields = this.index
        .lineage(found)
        .reverse()
        .flatMap((l) => l.cls.fields.map((f) => this.field(f, l, file.path.endsWith(".kt"))))
        .filter((f): f is Field => f !== undefined);
    }
    return cls.name;
  }

  private field(v: JvmVariable, owner: Located, kotlin: boolean): Field | undefined {
    if (v.annotations.some((a) => a.name === "JsonIgnore")) return undefined;
    const type = this.typeText(v.type, owner);
    const renamed = v.annotations.find((a) => a.name === "JsonProperty");
    const name = str(renamed?.args.value) ?? v.name;
    const nullable = v.type?.nullable === true;
    const required =
      requiredByAnnotation(v.annotations) || (kotlin && !nullable && !v.hasDefault && !v.lateinit);
    const constraints: Constraints = {
      ...(type.format ? { format: type.format } : {}),
      ...validationConstraints(v.annotations, type.isArray),
    };
    return { name, type: nullable ? `${type.text} | null` : type.text, required, constraints };
  }
}
