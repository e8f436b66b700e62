// Whether a name (a query parameter, a log field, a header) says that its value is a secret. The
// name is split into words (`x-api-key` → x, api, key; `idToken` → id, token; `token2` → token, 2)
// and is secret when one word, or the whole name run together (`apikey`, `accesstoken`), is a
// secret word. Whole words, not substrings: a substring rule censored `budget_tokens` (a count)
// and `monkey` while it missed `jwt` and `bearer`.

/**
 * Words that name a secret. Plural `tokens` and `keys` are not among them: `budget_tokens`,
 * `max_tokens` and `keys=a,b` name counts and lists; plurals that still hold secrets are listed.
 */
const SECRET_WORDS = new Set([
  // tokens and keys
  "token",
  "jwt",
  "bearer",
  "key",
  "apikey",
  "accesstoken",
  "refreshtoken",
  "idtoken",
  "authtoken",
  "apitoken",
  "sessiontoken",
  "accesskey",
  "secretkey",
  "privatekey",
  "signingkey",
  "csrf",
  "xsrf",
  // passwords
  "password",
  "passwords",
  "passwd",
  "pwd",
  "pass",
  "passphrase",
  "passcode",
  "otp",
  // secrets and credentials
  "secret",
  "secrets",
  "clientsecret",
  "credential",
  "credentials",
  "auth",
  "authorization",
  // sessions and signatures
  "session",
  "sessionid",
  "cookie",
  "cookies",
  "setcookie",
  "signature",
  "signatures",
  "sig",
]);

/** The name's words, lower-cased: split at non-alphanumerics, camelCase humps and digit runs. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([a-zA-Z])([0-9])|([0-9])([a-zA-Z])/g, "$1$3 $2$4")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * A name holding no secret word even as a substring is not secret: most logged names (`method`,
 * `url`, `reqId`) are settled by this one test, without being split (a log line stays ~2 µs).
 */
const ANY_SECRET_WORD = new RegExp([...SECRET_WORDS].join("|"), "i");

export function isSecretName(name: string): boolean {
  if (!ANY_SECRET_WORD.test(name)) return false;
  const words = wordsOf(name);
  return words.some((word) => SECRET_WORDS.has(word)) || SECRET_WORDS.has(words.join(""));
}
