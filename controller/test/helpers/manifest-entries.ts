// A manifest's endpoint entry as `e2e manifest` writes one for handler code, for the search tests
// that build a manifest by hand: only the method, path, handler and response statuses vary.

export const endpointEntry = (method: string, path: string, handler: string, statuses: number[] = []) => ({
  id: `${method} ${path}`,
  method,
  path,
  handler,
  file: "src/app.ts",
  line: 1,
  params: [],
  responses: statuses.map((status) => ({ status })),
  auth: false,
  source: "code",
});
