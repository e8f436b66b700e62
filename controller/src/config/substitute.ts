// ${VAR} / ${VAR:-default} substitution in YAML values, applied after parsing so comments and keys
// are never touched. Only this exact syntax is recognised: `$VAR`, `${ VAR }`, `${VAR-x}`,
// `${VAR:=x}` and other shell forms stay literal. Nesting is not supported.

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^{}]*))?\}/g;

/** A string that had at least one reference substituted; typed options may coerce its text. */
export class Substituted {
  constructor(
    readonly text: string,
    /** Variables referenced, in order. */
    readonly variables: string[],
    /** The value as written in the file. */
    readonly source: string,
  ) {}
}

/** A value whose reference is unset and has no inline default: the option counts as absent. */
export class Unset {
  constructor(
    readonly variable: string,
    readonly source: string,
  ) {}
}

export type Env = Record<string, string | undefined>;

/**
 * Substitutes one string. Like the shell's `:-`, the inline default also applies when the
 * variable is set but empty; a bare `${VAR}` set to "" gives "".
 */
function substituteString(value: string, env: Env): string | Substituted | Unset {
  if (!value.includes("${")) return value;
  const variables: string[] = [];
  let unset: string | undefined;
  const text = value.replace(REFERENCE, (_match, name: string, fallback: string | undefined) => {
    variables.push(name);
    const fromEnv = env[name];
    if (fromEnv !== undefined && !(fallback !== undefined && fromEnv === "")) return fromEnv;
    if (fallback !== undefined) return fallback;
    unset ??= name;
    return "";
  });
  if (variables.length === 0) return value;
  if (unset !== undefined) return new Unset(unset, value);
  return new Substituted(text, variables, value);
}

/** Substitutes every string value of a parsed tree (map keys are left alone). */
export function substituteTree(value: unknown, env: Env): unknown {
  if (typeof value === "string") return substituteString(value, env);
  if (Array.isArray(value)) return value.map((item) => substituteTree(item, env));
  if (isPlainMap(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = substituteTree(item, env);
    return out;
  }
  return value;
}

export function isPlainMap(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
