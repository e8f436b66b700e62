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
    expect(problems).toContain('e2e.conf:6:13 services.api.auth.type: must be one of login, got "oauth"');
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
