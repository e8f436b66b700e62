// Names in generated code: page methods, TypeScript identifiers, module files.

const words = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

export const camel = (text: string): string =>
  words(text)
    .map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1)))
    .join("") || "call";

export const pascal = (text: string): string => {
  const c = camel(text);
  return c[0]?.toUpperCase() + c.slice(1);
};

export const snake = (text: string): string => words(text).join("_") || "module";

/** Whether `name` can be written bare in generated code (a key, a member after a dot, a variable). */
export const isIdentifier = (name: string): boolean => /^[A-Za-z_$][\w$]*$/.test(name);

/** A property key as written in an object type or literal: quoted when not an identifier. */
export const key = (name: string): string => (isIdentifier(name) ? name : JSON.stringify(name));

/** `METHOD /api/users/{id}` → `getApiUsersById`, for endpoints without an operationId. */
export function methodNameFor(method: string, path: string): string {
  const parts = path.split("/").map((s) => (s.startsWith("{") ? `by ${s.slice(1, -1)}` : s));
  return camel(`${method} ${parts.join(" ")}`);
}

/** Singular of an English resource name, good enough for path segments (issues → issue). */
export function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word) && !/ss$/.test(word)) return word.slice(0, -1);
  return word;
}

/** `obj.name`, or `obj["my-name"]` when the name is not an identifier. */
export const member = (name: string): string =>
  isIdentifier(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
