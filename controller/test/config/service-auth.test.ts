// services.<name>.auth (type: login): defaults, ${VAR} for the password, errors with file:line:col.
import { describe, expect, it } from "vitest";
import { loadError, loadText } from "./helpers.js";

const svc = (auth: string) =>
  `general: {}\nservices:\n  api:\n    base_url: http://127.0.0.1:9\n    auth:\n${auth}`;

describe("services.<name>.auth type login", () => {
  it("fills the defaults (POST, token, Authorization, Bearer, refresh on 401) and substitutes the password", () => {
    const config = loadText(
      svc(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
        "      type: login\n      path: /api/auth/login\n      body:\n        email: a@b.c\n        password: ${PW}\n",
      ),
      { PW: "s3cret-pw" },
    );
    expect(config.services.api!.auth).toEqual({
      type: "login",
      method: "POST",
      path: "/api/auth/login",
      body: { email: "a@b.c", password: "s3cret-pw" },
      token_path: "token",
      header: "Authorization",
      scheme: "Bearer",
      refresh_on: [401],
    });
  });

  it("leaves auth unset when the service has none", () => {
    expect(loadText(svc("").replace("    auth:\n", "")).services.api!.auth).toBeUndefined();
  });

  it("reports a missing path, an unknown type, a bad header, a bad status and an unknown key with their positions", () => {
    const err = loadError(
      svc("      type: oauth\n      header: 'bad header'\n      refresh_on: [401, 200]\n      tokn: x\n"),
    );
    const problems = err.problems.map(String);
    expect(problems).toContain(
      'e2e.conf:6:13 services.api.auth.type: must be one of login, bearer, api_key, got "oauth"',
    );
    expect(
      problems.some((p) =>
        /^e2e\.conf:\d+:\d+ services\.api\.auth\.path: required option is missing/.test(p),
      ),
    ).toBe(true);
    expect(
      problems.some((p) =>
        /^e2e\.conf:7:15 services\.api\.auth\.header: must be a valid HTTP header name/.test(p),
      ),
    ).toBe(true);
    expect(
      problems.some((p) =>
        /^e2e\.conf:8:\d+ services\.api\.auth\.refresh_on: must be a list of HTTP statuses from 400 to 599, got 200/.test(
          p,
        ),
      ),
    ).toBe(true);
    expect(problems.some((p) => /^e2e\.conf:9:7 services\.api\.auth\.tokn: /.test(p))).toBe(true);
  });

  it("requires type", () => {
    const err = loadError(svc("      path: /login\n"));
    expect(
      err.problems.map(String).some((p) => /services\.api\.auth\.type: required option is missing/.test(p)),
    ).toBe(true);
  });
});

describe("services.<name>.auth type bearer | api_key", () => {
  it("reads a bearer token from an environment variable with the api_gateway.auth keys (unused ones null)", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
    const config = loadText(svc("      type: bearer\n      bearer_token: ${API_TOKEN}\n"), {
      API_TOKEN: "tok-1",
    });
    expect(config.services.api!.auth).toEqual({
      type: "bearer",
      bearer_token: "tok-1",
      api_key_header: null,
      api_key_value: null,
    });
  });

  it("reads an api key header and value", () => {
    const config = loadText(
      svc("      type: api_key\n      api_key_header: X-Api-Key\n      api_key_value: k-9\n"),
    );
    expect(config.services.api!.auth).toEqual({
      type: "api_key",
      bearer_token: null,
      api_key_header: "X-Api-Key",
      api_key_value: "k-9",
    });
  });

  it("names the unset variable of a required credential with its position", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
    const err = loadError(svc("      type: bearer\n      bearer_token: ${NO_SUCH_TOKEN_VAR}\n"));
    expect(err.problems.map(String)).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
      "e2e.conf:7:21 services.api.auth.bearer_token: is required when auth.type is bearer, but ${NO_SUCH_TOKEN_VAR} is not set and has no default",
    );
  });

  it("reports each missing api_key credential at the position of the auth key", () => {
    const problems = loadError(svc("      type: api_key\n")).problems.map(String);
    expect(problems).toContain(
      "e2e.conf:5:5 services.api.auth.api_key_header: is required when auth.type is api_key",
    );
    expect(problems).toContain(
      "e2e.conf:5:5 services.api.auth.api_key_value: is required when auth.type is api_key",
    );
  });

  it("refuses a bad header name, login keys and the other type's key with their positions", () => {
    const problems = loadError(
      svc(
        "      type: api_key\n      api_key_header: 'x key'\n      api_key_value: v\n      path: /login\n      bearer_token: t\n",
      ),
    ).problems.map(String);
    expect(
      problems.some((p) =>
        /^e2e\.conf:7:23 services\.api\.auth\.api_key_header: must be a valid HTTP header name/.test(p),
      ),
    ).toBe(true);
    expect(problems.some((p) => /^e2e\.conf:9:7 services\.api\.auth\.path: /.test(p))).toBe(true);
    expect(problems.some((p) => /^e2e\.conf:10:7 services\.api\.auth\.bearer_token: /.test(p))).toBe(true);
  });
});
