// Short text for a failed probe: the error code when there is one ("ECONNREFUSED"), else the message.

export function describeError(error: unknown): string {
  const err = error as { code?: unknown; message?: string; cause?: { code?: unknown } };
  const code = [err.cause?.code, err.code].find((c): c is string => typeof c === "string");
  return code && code !== "UND_ERR_ABORTED" ? code : (err.message ?? String(error));
}
