// What the Spring scanner keeps of one Java or Kotlin file: classes with their annotations,
// supertypes, fields (record components, constructor properties), methods and constants.
// One shape for both languages, so link does not care which one a class was written in.

export type JvmExpr =
  | { k: "str"; v: string }
  | { k: "num"; v: number }
  | { k: "bool"; v: boolean }
  /** `ApiPaths.PETS`, `HttpStatus.CREATED`, `V1` (a constant or an enum constant). */
  | { k: "ref"; path: string[] }
  /** `a + b` and string templates. */
  | { k: "concat"; parts: JvmExpr[] }
  | { k: "array"; items: JvmExpr[] }
  | { k: "other"; text: string };

export interface JvmAnnotation {
  /** Simple name: `GetMapping`, `NotNull`. */
  name: string;
  /** Named arguments; the unnamed one is `value`. */
  args: Record<string, JvmExpr>;
  line: number;
}

export interface JvmType {
  name: string;
  args: JvmType[];
  nullable: boolean;
  array: boolean;
}

export interface JvmVariable {
  name: string;
  type?: JvmType;
  annotations: JvmAnnotation[];
  /** A Kotlin default value or initializer (the field may be left out of a request). */
  hasDefault: boolean;
  lateinit?: boolean;
  line: number;
}

export interface JvmMethod {
  name: string;
  line: number;
  annotations: JvmAnnotation[];
  params: JvmVariable[];
  returns?: JvmType;
}

export interface JvmClass {
  name: string;
  kind: "class" | "interface" | "record" | "enum" | "object" | "annotation";
  line: number;
  annotations: JvmAnnotation[];
  /** Superclass and interfaces, simple names. */
  supers: string[];
  /** The same with their type arguments (`CrudController<PetResponse>`). */
  superTypes: JvmType[];
  /** `T` of `class CrudController<T>`. */
  typeParams: string[];
  fields: JvmVariable[];
  methods: JvmMethod[];
  /** `static final` fields and Kotlin `const val`s with their values. */
  constants: Record<string, JvmExpr>;
  enumValues: string[];
}

export interface JvmFileFacts {
  package: string;
  /** Simple name → fully qualified name. */
  imports: Record<string, string>;
  classes: JvmClass[];
  /** Kotlin top-level `const val`s. */
  constants: Record<string, JvmExpr>;
}
