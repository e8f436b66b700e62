// When the auth service said it was listening: the `time` of its pino "Server listening" line.

export function listeningTime(log: string): number | undefined {
  for (const line of log.split("\n")) {
    if (!line.includes("Server listening")) continue;
    try {
      return (JSON.parse(line.slice(line.indexOf("{"))) as { time: number }).time;
    } catch {}
  }
  return undefined;
}
