// A deliberately small English suffix stripper (plural, past tense, gerund) so "charts" meets
// "chart" and "rendered" meets "render". Conservative: short words and double-s endings are
// left alone, so identifiers and codes ("ids", "class", "401") are not mangled.
export function stem(token: string): string {
  const n = token.length;
  if (n <= 3 || !/[a-z]$/.test(token)) return token;
  if (token.endsWith("ies") && n > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith("sses")) return token.slice(0, -2);
  if (token.endsWith("ing") && n > 5) return undouble(token.slice(0, -3));
  if (token.endsWith("ed") && n > 4 && !token.endsWith("eed")) return undouble(token.slice(0, -2));
  if (token.endsWith("es") && /(?:x|ch|sh)es$/.test(token)) return token.slice(0, -2);
  if (token.endsWith("s") && !token.endsWith("ss") && !token.endsWith("us") && !token.endsWith("is")) {
    return token.slice(0, -1);
  }
  return token;
}

// "stopped" → "stopp" → "stop"; keeps "ll"/"ss"/"zz", which are usually part of the root.
function undouble(root: string): string {
  const n = root.length;
  if (n >= 3 && root[n - 1] === root[n - 2] && !"lsz".includes(root[n - 1]!)) return root.slice(0, -1);
  return root;
}
