// Issue 24 point 3, redaction: an empty or absent value is never shown as a placeholder, the curl
// reproducer of a report reads a redacted secret from an environment variable (never the text
// [REDACTED]), and what counts as a secret's name is the services' rule (lib/secret-names): jwt
// and bearer are secrets, budget_tokens is a count.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSecretName } from "../../../lib/secret-names/index.js";
import type { RecordedExchange } from "../../src/http/recorded-exchange.js";
import { curlCommand } from "../../src/report/curl-command.js";
import { REDACTED, Redactor } from "../../src/report/redact.js";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";

const run = promisify(execFile);
let server: TestServer;
beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, { ok: true }));
});
afterAll(() => server.close());

function exchange(over: Partial<RecordedExchange>): RecordedExchange {
  return {
    method: "POST",
    url: `${server.url}/api/login`,
    requestHeaders: {},
    startedAt: "2026-11-22T00:00:00.000",
    durationMs: 3,
    attempts: 1,
    ...over,
  };
}

/** Runs the reproducer as a user pastes it into a shell, with `env` exported. */
async function paste(command: string, env: Record<string, string>) {
  await run("sh", ["-c", command], { env: { ...process.env, ...env } });
  return server.received.at(-1)!;
}

describe("redaction of what holds nothing", () => {
  const redactor = new Redactor();

  it("shows an empty Authorization header as empty, not as [REDACTED]", () => {
    const headers = redactor.headers({ Authorization: "", "X-Api-Key": "  ", Cookie: "a=b" });
    expect(headers).toEqual({ Authorization: "", "X-Api-Key": "  ", Cookie: REDACTED });
  });

  it("leaves null, absent and boolean secret fields as they are and redacts the rest", () => {
    const body = { password: "", token: null, jwt: "abc", auth: true, refresh_token: undefined };
    expect(redactor.value(body)).toEqual({
      password: "",
      token: null,
      jwt: REDACTED,
      auth: true,
      refresh_token: undefined,
    });
  });
});

describe("the curl reproducer of a report", () => {
  const redactor = new Redactor();

  it("sends an empty header empty, not the text [REDACTED]", async () => {
    const curl = curlCommand(redactor.exchange(exchange({ requestHeaders: { authorization: "" } })));
    expect(curl).not.toContain(REDACTED);
    const received = await paste(curl, {});
    expect(received.headers.authorization).toBe("");
  });

  it("reads a redacted token from $E2E_TOKEN, says so on the line above, and sends what the user set", async () => {
    const recorded = exchange({
      url: `${server.url}/api/login?api_key=k-123&page=2`,
      requestHeaders: {
        authorization: "Bearer eyJhbGciOi.eyJzdWIiOi.sig",
        "content-type": "application/json",
      },
      requestBody: { email: "a@example.test", password: "hunter2!'\"$x" },
    });
    const curl = curlCommand(redactor.exchange(recorded));
    expect(curl).not.toContain(REDACTED);
    expect(curl.split("\n")[0]).toBe(
      "# Reports hold no secrets: first export E2E_API_KEY (a secret of the URL), " +
        "E2E_TOKEN (the authorization header's value), E2E_PASSWORD (a secret of the body)",
    );
    const received = await paste(curl, {
      E2E_TOKEN: "Bearer my-own-token",
      E2E_API_KEY: "my-key",
      // Shell-special characters reach the server as they are (a value that JSON must escape is the user's to escape).
      E2E_PASSWORD: "it's $ecret! `no` \\n",
    });
    expect(received.headers.authorization).toBe("Bearer my-own-token");
    expect(received.url).toBe("/api/login?api_key=my-key&page=2");
    expect(JSON.parse(received.body)).toEqual({ email: "a@example.test", password: "it's $ecret! `no` \n" });
  });

  it("is one plain command when nothing was redacted", () => {
    const curl = curlCommand(redactor.exchange(exchange({ method: "GET", url: `${server.url}/health` })));
    expect(curl).toBe(`curl -i -X GET '${server.url}/health'`);
  });
});

describe("secret names: the services' rule, by whole words", () => {
  const redactor = new Redactor();
  // biome-ignore format: one table
  const names = ["jwt", "bearer", "X-Bearer-Token", "idToken", "api_key", "password", "Set-Cookie",
    "budget_tokens", "max_tokens", "tokenizer", "author", "monkey", "page"];

  it("redacts jwt and bearer fields, keeps counts such as budget_tokens, and agrees with lib/secret-names", () => {
    const body = Object.fromEntries(names.map((n) => [n, "value-123456"]));
    const out = redactor.value(body) as Record<string, string>;
    expect(out.jwt).toBe(REDACTED);
    expect(out.bearer).toBe(REDACTED);
    expect(out.budget_tokens).toBe("value-123456");
    expect(out.author).toBe("value-123456");
    for (const n of names) expect(out[n] === REDACTED, n).toBe(isSecretName(n));
  });

  it("redacts a query parameter by the same rule: ?jwt= and ?bearer= yes, ?max_tokens= no", () => {
    expect(redactor.text("/x?jwt=abc&bearer=def&max_tokens=5")).toBe(
      `/x?jwt=${REDACTED}&bearer=${REDACTED}&max_tokens=5`,
    );
  });
});
