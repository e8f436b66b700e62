import { describe, expect, it } from "vitest";
import { PasswordHasher } from "../src/passwords.js";

describe("PasswordHasher", () => {
  it("stores a salted scrypt hash: the same password hashes differently each time and never appears in it", async () => {
    const h = new PasswordHasher();
    const a = await h.hash("admin123");
    const b = await h.hash("admin123");
    expect(a).toMatch(/^scrypt\$64\$8\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("admin123");
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const h = new PasswordHasher();
    const stored = await h.hash("s3cret!");
    expect(await h.verify("s3cret!", stored)).toBe(true);
    expect(await h.verify("s3cret", stored)).toBe(false);
    expect(await h.verify("s3cret!", "garbage")).toBe(false);
  });

  it("verifies a hash made with another cost, since each hash records its own parameters", async () => {
    const stored = await new PasswordHasher(1024).hash("pw-123456");
    expect(await new PasswordHasher(64).verify("pw-123456", stored)).toBe(true);
  });

  it("refuses a cost that is not a power of two, naming SCRYPT_COST", () => {
    expect(() => new PasswordHasher(100)).toThrow(/SCRYPT_COST "100"/);
  });
});
