// Short text for a failed probe: the error code when there is one ("ECONNREFUSED"), else the message.

export function describeError(error: unknown): string {
  const err = error as { code?: string; message?: string; cause?: { code?: string } };
  const code = err.cause?.code ?? err.code;
  return code && !code.startsWith("UND_ERR_ABORTED") ? code : (err.message ?? String(error));
}
