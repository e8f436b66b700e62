// Colour on a TTY only, never in CI (CI=true) or when NO_COLOR is set (no-color.org).

export function useColor(stream: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if ("NO_COLOR" in env && env.NO_COLOR !== undefined) return false;
  const ci = env.CI;
  if (ci !== undefined && ci !== "" && ci !== "false" && ci !== "0") return false;
  return (stream as { isTTY?: boolean }).isTTY === true;
}
