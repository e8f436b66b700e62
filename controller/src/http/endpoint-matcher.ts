// Maps a requested path to one of services.<name>.endpoints (name → template with {id}
// placeholders), for traceability: which configured endpoints did the scenarios exercise?

interface CompiledEndpoint {
  name: string;
  template: string;
  pattern: RegExp;
  /** Fewer placeholders = more specific; "/api/users/me" beats "/api/users/{id}". */
  placeholders: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
}

function compile(name: string, template: string): CompiledEndpoint {
  const path = template.split("?")[0]!.replace(/\/+$/, "") || "/";
  let placeholders = 0;
  const source = path
    .split(/(\{[^}/]+\})/)
    .map((part) => {
      if (/^\{[^}/]+\}$/.test(part)) {
        placeholders++;
        return "[^/]+";
      }
      return escapeRegExp(part);
    })
    .join("");
  return { name, template, pattern: new RegExp(`^${source}/?$`), placeholders };
}

export class EndpointMatcher {
  private readonly endpoints: CompiledEndpoint[];

  constructor(endpoints: Record<string, string>) {
    this.endpoints = Object.entries(endpoints)
      .map(([name, template]) => compile(name, template))
      .sort((a, b) => a.placeholders - b.placeholders);
  }

  get names(): string[] {
    return this.endpoints.map((e) => e.name);
  }

  /** `path` is relative to the service's base URL, without query string. */
  match(path: string): { name: string; template: string } | undefined {
    const found = this.endpoints.find((e) => e.pattern.test(path));
    return found && { name: found.name, template: found.template };
  }
}
