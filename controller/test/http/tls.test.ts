import assert from "node:assert/strict";
import { readFileSync, rmSync } from "node:fs";
import { basename, dirname } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { testPageContext } from "../../harness/page-context.js";
import type { SecurityConfig } from "../../src/config/types.js";
import { BasePage } from "../../src/http/base-page.js";
import { DispatcherRegistry, tlsOptionsFrom } from "../../src/http/dispatchers.js";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { type CertPair, makeSelfSignedCert } from "../helpers/tls-certs.js";

let serverCert: CertPair;
let clientCert: CertPair;
let server: TestServer;

beforeAll(async () => {
  serverCert = makeSelfSignedCert("server");
  clientCert = makeSelfSignedCert("client", dirname(serverCert.certPath));
  server = await startServer((req, res) => sendJson(res, 200, { path: req.url }), {
    cert: readFileSync(serverCert.certPath),
    key: readFileSync(serverCert.keyPath),
    // Ask for a client certificate but let the handler see whether it was trusted.
    requestCert: true,
    rejectUnauthorized: false,
    ca: readFileSync(clientCert.certPath),
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dirname(serverCert.certPath), { recursive: true, force: true });
});

function security(over: Partial<SecurityConfig>): SecurityConfig {
  return { verify_ssl: true, ssl_cert: null, ssl_key: null, ssl_ca: null, test_tokens: {}, ...over };
}

async function getWith(sec: SecurityConfig, rootDir = "/") {
  const dispatchers = new DispatcherRegistry(tlsOptionsFrom(sec, rootDir));
  try {
    return await new BasePage(testPageContext(server.url, { dispatchers })).get("/tls");
  } finally {
    await dispatchers.close();
  }
}

describe("BasePage TLS (security section)", () => {
  it("refuses a self-signed server certificate when verify_ssl is true and no ssl_ca is given", async () => {
    await assert.rejects(
      getWith(security({})),
      /GET https:\/\/127\.0\.0\.1:\d+\/tls failed: .*self[- ]signed/i,
    );
  });

  it("trusts the server when ssl_ca names its certificate (relative to the config folder)", async () => {
    const res = await getWith(
      security({ ssl_ca: basename(serverCert.certPath) }),
      dirname(serverCert.certPath),
    );
    assert.equal(res.status, 200);
  });

  it("accepts any certificate when verify_ssl is false", async () => {
    assert.equal((await getWith(security({ verify_ssl: false }))).status, 200);
  });

  it("presents ssl_cert/ssl_key as the client certificate", async () => {
    const before = server.received.length;
    await getWith(
      security({ ssl_ca: serverCert.certPath, ssl_cert: clientCert.certPath, ssl_key: clientCert.keyPath }),
    );
    assert.equal(server.received[before]!.authorized, true);
    await getWith(security({ ssl_ca: serverCert.certPath }));
    assert.equal(server.received.at(-1)!.authorized, false);
  });

  it("names the field when a certificate file cannot be read", () => {
    assert.throws(
      () => tlsOptionsFrom(security({ ssl_ca: "missing-ca.pem" }), "/nowhere"),
      /security\.ssl_ca: cannot read "\/nowhere\/missing-ca\.pem" \(ENOENT\)/,
    );
  });
});
