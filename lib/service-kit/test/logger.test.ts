import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions, redactSecrets, redactUrl, resolveLogLevel } from "../logger.js";

function capture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { stream, lines };
}

describe("service logger options", () => {
  it("takes the level from LOG_LEVEL and defaults to info", () => {
    expect(resolveLogLevel({})).toBe("info");
    expect(resolveLogLevel({ LOG_LEVEL: "DEBUG" })).toBe("debug");
  });

  it("rejects an unknown LOG_LEVEL with a message naming the variable", () => {
    expect(() => resolveLogLevel({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL "loud"/);
  });

  it("never writes authorization headers, passwords, tokens or API keys", () => {
    const { stream, lines } = capture();
    const log = pino(loggerOptions({ LOG_LEVEL: "info" }), stream);
    log.info(
      {
        req: { headers: { authorization: "Bearer sekrit-1", "x-api-key": "sekrit-2" } },
        body: { password: "sekrit-3", token: "sekrit-4" },
        apiKey: "sekrit-5",
      },
      "event",
    );
    const out = lines.join("");
    expect(out).toContain('"msg":"event"');
    expect(out).not.toMatch(/sekrit/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, apiKey: "[REDACTED]" });
  });

  it("censors secret-named keys at any depth, in arrays too, and keeps everything else", () => {
    const input = {
      user: { email: "a@b.c", password: "p1", nested: [{ access_token: "t1", id: 1 }] },
      headers: { Authorization: "Bearer x", "X-Api-Key": "k", accept: "json" },
      count: 3,
    };
    const out = redactSecrets(input);
    expect(out).toEqual({
      user: { email: "a@b.c", password: "[REDACTED]", nested: [{ access_token: "[REDACTED]", id: 1 }] },
      headers: { Authorization: "[REDACTED]", "X-Api-Key": "[REDACTED]", accept: "json" },
      count: 3,
    });
    expect(input.user.password).toBe("p1");
    const clean = { a: { b: [1, 2] } };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it("censors the values of secret-named query parameters in a URL and keeps the rest", () => {
    expect(
      redactUrl("/api/users?search=ann&password=p1&Token=t1&api_key=k1&pass%77ord=p2&x=1&token=t2#frag"),
    ).toBe(
      "/api/users?search=ann&password=[REDACTED]&Token=[REDACTED]&api_key=[REDACTED]&pass%77ord=[REDACTED]&x=1&token=[REDACTED]#frag",
    );
    expect(redactUrl("/plain/path")).toBe("/plain/path");
    expect(redactUrl("/q?access_token=a&client_secret=b&apikey=c&page=2")).toBe(
      "/q?access_token=[REDACTED]&client_secret=[REDACTED]&apikey=[REDACTED]&page=2",
    );
  });

  it("decides by the parameter's words: jwt, bearer, x-api-key, id_token are secret, budget_tokens is not", () => {
    const secret = [
      "token",
      "access_token",
      "id_token",
      "idToken",
      "jwt",
      "JWT",
      "bearer",
      "api_key",
      "apikey",
      "apiKey",
      "x-api-key",
      "X-API-KEY",
      "key",
      "password",
      "secret",
      "client_secret",
      "auth",
      "authorization",
      "session",
      "sessionId",
      "signature",
      "X-Amz-Signature",
      "X-Amz-Security-Token",
      "sig",
      "credential",
      "credentials",
      "token2",
      "refresh-token",
    ];
    const harmless = [
      "budget_tokens",
      "max_tokens",
      "tokenizer",
      "monkey",
      "keyword",
      "author",
      "passage",
      "q",
    ];
    const query = (names: string[]) => names.map((name, i) => `${encodeURIComponent(name)}=v${i}`).join("&");
    const censored = (names: string[]) =>
      names.map((name) => `${encodeURIComponent(name)}=[REDACTED]`).join("&");
    expect(redactUrl(`/s?${query(secret)}`)).toBe(`/s?${censored(secret)}`);
    expect(redactUrl(`/h?${query(harmless)}`)).toBe(`/h?${query(harmless)}`);
    // Log fields are judged by the same rule.
    expect(redactSecrets({ jwt: "a", bearer: "b", budget_tokens: 4000, used_tokens: 12 })).toEqual({
      jwt: "[REDACTED]",
      bearer: "[REDACTED]",
      budget_tokens: 4000,
      used_tokens: 12,
    });
  });

  it("censors secrets in a fragment written as parameters and the password of a URL's userinfo", () => {
    expect(redactUrl("https://app/cb#access_token=t1&state=s1")).toBe(
      "https://app/cb#access_token=[REDACTED]&state=s1",
    );
    expect(redactUrl("/app#/route?jwt=t2&tab=2")).toBe("/app#/route?jwt=[REDACTED]&tab=2");
    expect(redactUrl("/a?x=1;token=t3")).toBe("/a?x=1;token=[REDACTED]");
    expect(redactUrl("redis://default:pw-1@redis:6379/0?db=1")).toBe(
      "redis://default:[REDACTED]@redis:6379/0?db=1",
    );
    expect(redactUrl("http://host/p#section-2")).toBe("http://host/p#section-2");
  });

  it("censors query secrets in URL fields of any log line, and in the logged request", () => {
    const { stream, lines } = capture();
    const log = pino(loggerOptions({ LOG_LEVEL: "info" }), stream);
    log.info({ url: "/a?token=sekrit-1", target: { href: "http://h/b?password=sekrit-2" } }, "event");
    log.info({ req: { method: "GET", url: "/c?api_key=sekrit-3&page=1", headers: {} } }, "incoming");
    const out = lines.join("");
    expect(out).not.toMatch(/sekrit/);
    expect(JSON.parse(lines[1]!).req.url).toBe("/c?api_key=[REDACTED]&page=1");
  });
});
