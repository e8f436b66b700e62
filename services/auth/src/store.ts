/**
 * In-memory users. A Map keeps insertion order, which (with a monotonic clock) is also
 * created_at order; a second Map indexes lower-cased emails for case-insensitive uniqueness.
 */
import { randomUUID } from "node:crypto";
import { utcTimestamp } from "../../../lib/service-kit/index.js";
import { MonotonicClock } from "./clock.js";
import { emailTaken, userNotFound } from "./errors.js";
import type { PasswordHasher } from "./passwords.js";
import type { Role, User } from "./schemas.js";
import { SEED_USERS } from "./seed.js";

interface UserRecord {
  id: string;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: number;
  updatedAt: number;
  // Lower-cased copies so search does no per-request allocation.
  emailLower: string;
  nameLower: string;
  // The public view, rebuilt on every change, so reads do no formatting work.
  view: User;
}

export interface NewUser {
  email: string;
  password: string;
  name: string;
  role?: Role;
}

export interface UserPatch {
  email?: string;
  name?: string;
  role?: Role;
}

export interface Page {
  items: User[];
  total: number;
}

function toUser(r: Omit<UserRecord, "view">): User {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    created_at: utcTimestamp(new Date(r.createdAt)),
    updated_at: utcTimestamp(new Date(r.updatedAt)),
  };
}

export class UserStore {
  private readonly users = new Map<string, UserRecord>();
  private readonly byEmail = new Map<string, string>();
  private readonly clock = new MonotonicClock();
  private seedHashes: string[] | undefined;

  constructor(private readonly hasher: PasswordHasher) {}

  /** Back to exactly the two seeded users (same ids, fresh timestamps). */
  async reset(): Promise<void> {
    // Seed hashes are computed once per process; each still needs a full scrypt check to log in.
    this.seedHashes ??= await Promise.all(SEED_USERS.map((u) => this.hasher.hash(u.password)));
    this.users.clear();
    this.byEmail.clear();
    SEED_USERS.forEach((seed, i) => {
      this.insert(seed.id, seed.email, seed.name, seed.role, this.seedHashes![i]!);
    });
  }

  get size(): number {
    return this.users.size;
  }

  get(id: string): User | undefined {
    return this.users.get(id)?.view;
  }

  has(id: string): boolean {
    return this.users.has(id);
  }

  roleOf(id: string): Role | undefined {
    return this.users.get(id)?.role;
  }

  /** Page of users (1-based page) matching a trimmed, case-insensitive search of name or email. */
  list(page: number, limit: number, search: string | undefined): Page {
    const needle = search?.trim().toLowerCase() ?? "";
    const start = (page - 1) * limit;
    const items: User[] = [];
    let total = 0;
    for (const r of this.users.values()) {
      if (needle !== "" && !r.emailLower.includes(needle) && !r.nameLower.includes(needle)) continue;
      if (total >= start && items.length < limit) items.push(r.view);
      total++;
    }
    return { items, total };
  }

  async create(input: NewUser): Promise<User> {
    this.assertEmailFree(input.email, undefined);
    const hash = await this.hasher.hash(input.password);
    // Re-check: another request may have taken the address while we were hashing.
    this.assertEmailFree(input.email, undefined);
    return this.insert(randomUUID(), input.email, input.name, input.role ?? "user", hash).view;
  }

  update(id: string, patch: UserPatch): User {
    const r = this.users.get(id);
    if (!r) throw userNotFound(id);
    if (patch.email !== undefined) {
      this.assertEmailFree(patch.email, id);
      this.byEmail.delete(r.emailLower);
      r.email = patch.email;
      r.emailLower = patch.email.toLowerCase();
      this.byEmail.set(r.emailLower, id);
    }
    if (patch.name !== undefined) {
      r.name = patch.name;
      r.nameLower = patch.name.toLowerCase();
    }
    if (patch.role !== undefined) r.role = patch.role;
    r.updatedAt = this.clock.after(r.updatedAt);
    r.view = toUser(r);
    return r.view;
  }

  delete(id: string): boolean {
    const r = this.users.get(id);
    if (!r) return false;
    this.users.delete(id);
    this.byEmail.delete(r.emailLower);
    return true;
  }

  /** The user and stored hash for a login, matched case-insensitively by email. */
  findForLogin(email: string): { user: User; passwordHash: string } | undefined {
    const id = this.byEmail.get(email.toLowerCase());
    const r = id === undefined ? undefined : this.users.get(id);
    return r ? { user: r.view, passwordHash: r.passwordHash } : undefined;
  }

  private assertEmailFree(email: string, exceptId: string | undefined): void {
    const owner = this.byEmail.get(email.toLowerCase());
    if (owner !== undefined && owner !== exceptId) throw emailTaken(email);
  }

  private insert(id: string, email: string, name: string, role: Role, passwordHash: string): UserRecord {
    const now = this.clock.next();
    const base = {
      id,
      email,
      name,
      role,
      passwordHash,
      createdAt: now,
      updatedAt: now,
      emailLower: email.toLowerCase(),
      nameLower: name.toLowerCase(),
    };
    const record: UserRecord = { ...base, view: toUser(base) };
    this.users.set(id, record);
    this.byEmail.set(record.emailLower, id);
    return record;
  }
}
