// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} here is e2e.conf text, not a template.
import { describe, expect, it } from "vitest";
import { loadError, loadText } from "./helpers.js";

const service = (baseUrl: string) => `general: {}\nservices:\n  auth:\n    base_url: "${baseUrl}"\n`;

describe("${VAR} substitution", () => {
  it.each([
    ["${API_BASE_URL}", { API_BASE_URL: "http://10.0.0.1:1" }, "http://10.0.0.1:1"],
    ["${API_BASE_URL:-http://fallback:2}", { API_BASE_URL: "http://env:1" }, "http://env:1"],
    ["${API_BASE_URL:-http://fallback:2}", {}, "http://fallback:2"],
    ["${API_BASE_URL:-http://fallback:2}", { API_BASE_URL: "" }, "http://fallback:2"],
    ["http://${HOST:-localhost}:8765", {}, "http://localhost:8765"],
    ["http://${HOST:-localhost}:8765", { HOST: "127.0.0.2" }, "http://127.0.0.2:8765"],
    ["http://${HOST}:${PORT}/v1", { HOST: "h", PORT: "9" }, "http://h:9/v1"],
  ])("resolves %s with env %j to %s", (written, env, expected) => {
    expect(loadText(service(written), env).services.auth!.base_url).toBe(expected);
  });

  it.each([["$HOME_URL"], ["${ USER_AGENT }"], ["${UA-x}"], ["${UA:=x}"], ["${UA:?x}"], ["$(echo hi)"]])(
    "leaves the shell form %s literal",
    (written) => {
      const config = loadText(`general:\n  user_agent: "${written}"\n`, {
        HOME_URL: "x",
        USER_AGENT: "x",
        UA: "x",
      });
      expect(config.general.user_agent).toBe(written);
    },
  );

  it("never touches comments or keys", () => {
    const config = loadText("# ${BROKEN\ngeneral:\n  project: # ${ALSO:-x}\n    name: n\n", {});
    expect(config.general.project.name).toBe("n");
  });

  it("substitutes inside lists and maps", () => {
    const config = loadText(
      "general: {}\nservices:\n  auth:\n    base_url: http://a:1\n    headers:\n      X-Env: ${ENVIRONMENT:-dev}\n    start_command: [node, '${ENTRY:-server.js}']\n",
      { ENTRY: "main.js" },
    );
    expect(config.services.auth!.headers).toEqual({ "X-Env": "dev" });
    expect(config.services.auth!.start_command).toEqual(["node", "main.js"]);
  });

  it.each([
    ["timeout", "${TIMEOUT}", { TIMEOUT: "5000" }, 5000],
    ["timeout", "${TIMEOUT:-7000}", {}, 7000],
    ["verbose", "${VERBOSE}", { VERBOSE: "false" }, false],
    ["verbose", "${VERBOSE:-true}", {}, true],
    ["verbose", "${VERBOSE}", { VERBOSE: "TRUE" }, true],
  ])("coerces substituted general.%s %s to its type", (key, written, env, expected) => {
    const config = loadText(`general:\n  ${key}: ${written}\n`, env);
    expect((config.general as unknown as Record<string, unknown>)[key]).toBe(expected);
  });

  it("turns a substituted comma list into several report formats", () => {
    const config = loadText("general: {}\nreporting:\n  format: ${REPORT_FORMAT:-console}\n", {
      REPORT_FORMAT: "json,junit",
    });
    expect(config.reporting.format).toEqual(["json", "junit"]);
  });

  it("falls back to the framework default when the variable is unset and has no inline default", () => {
    const config = loadText(
      "general:\n  timeout: ${TIMEOUT}\n  environment: ${ENVIRONMENT}\n  verbose: ${VERBOSE}\n",
    );
    expect(config.general).toMatchObject({ timeout: 30000, environment: "dev", verbose: true });
  });

  it("drops a header whose variable is unset, rather than sending an empty one", () => {
    const config = loadText(
      service("http://a:1") + "    headers:\n      Authorization: Bearer ${TOKEN}\n      X-A: b\n",
    );
    expect(config.services.auth!.headers).toEqual({ "X-A": "b" });
  });

  it("names the variable when a required option's variable is unset", () => {
    const err = loadError(service("${API_BASE_URL}"));
    expect(err.message).toMatch(
      /e2e\.conf:4:15 services\.auth\.base_url: is required, but \$\{API_BASE_URL\} is not set/,
    );
  });

  it("reports a substituted value that does not fit the type, with its source", () => {
    const err = loadError("general:\n  timeout: ${TIMEOUT}\n", { TIMEOUT: "soon" });
    expect(err.message).toContain(
      'general.timeout: must be a positive integer (milliseconds), got "soon" (from ${TIMEOUT})',
    );
  });

  it("rejects a quoted number written literally (only substituted strings are coerced)", () => {
    const err = loadError('general:\n  timeout: "5000"\n');
    expect(err.message).toContain(
      'e2e.conf:2:12 general.timeout: must be a positive integer (milliseconds), got "5000" (a string: remove the quotes)',
    );
  });

  it("rejects a quoted boolean written literally", () => {
    const err = loadError('general:\n  verbose: "false"\n');
    expect(err.problems[0]!.toString()).toBe(
      'e2e.conf:2:12 general.verbose: must be true or false, got "false" (a string: remove the quotes)',
    );
  });
});
