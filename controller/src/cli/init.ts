// `e2e init [path]`: the config engineer's initProject does the work; this maps its errors.

export async function initCommand(path: string, opts: { force?: boolean }): Promise<number> {
  const { initProject } = await import("../init/index.js");
  try {
    const result = await initProject(path, opts);
    process.stdout.write(`${typeof result === "string" ? result : JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`e2e init: ${(err as Error).message}\n`);
    return 2;
  }
}
