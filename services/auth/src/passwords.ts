/**
 * Salted scrypt password hashes, computed on libuv's thread pool (async) so the event loop keeps
 * serving other requests. The cost parameters are stored in each hash, so they can change.
 * Cost N=64, r=8 (64 KiB, a few hundred microseconds): this is a test double's user store, tuned so login stays
 * under 50 ms p99 at 20 connections on 2 cores; raise SCRYPT_COST for anything real.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt N for new hashes (SCRYPT_COST's default, listed in the README). */
export const DEFAULT_SCRYPT_COST = 64;
const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;

function derive(password: string, salt: Buffer, cost: number, blockSize: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password,
      salt,
      KEY_LENGTH,
      { N: cost, r: blockSize, p: 1, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export class PasswordHasher {
  constructor(private readonly cost: number = DEFAULT_SCRYPT_COST) {
    if (!Number.isInteger(cost) || cost < 2 || (cost & (cost - 1)) !== 0 || cost > 1 << 20) {
      throw new Error(`SCRYPT_COST "${cost}" must be a power of two between 2 and 1048576.`);
    }
  }

  /** Format: `scrypt$N$r$salt(base64)$key(base64)`. */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, this.cost, BLOCK_SIZE);
    return `scrypt$${this.cost}$${BLOCK_SIZE}$${salt.toString("base64")}$${key.toString("base64")}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, saltB64, keyB64] = stored.split("$");
    if (scheme !== "scrypt" || !n || !r || !saltB64 || !keyB64) return false;
    const expected = Buffer.from(keyB64, "base64");
    const actual = await derive(password, Buffer.from(saltB64, "base64"), Number(n), Number(r));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
