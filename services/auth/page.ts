// The auth service's page: one method per endpoint of seed 1 (and SPEC §1's me/logout).
// e2e.conf (services.auth) supplies base_url, headers and timeouts.

import { BasePage, type PageResponse } from "gantry";

export interface NewUser {
  email: string;
  password: string;
  name: string;
  role?: "admin" | "user";
}

export interface ListQuery {
  page?: number | string;
  limit?: number | string;
  search?: string;
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

export default class AuthPage extends BasePage {
  /** GET /health */
  health(): Promise<PageResponse> {
    return this.get("/health");
  }

  /** GET /api/users?page&limit&search */
  listUsers(query: ListQuery = {}): Promise<PageResponse> {
    return this.get("/api/users", { query: { ...query } });
  }

  /** POST /api/users; `body` may be anything, to exercise validation. */
  createUser(body: unknown): Promise<PageResponse> {
    return this.post("/api/users", body);
  }

  /** GET /api/users/{id} */
  getUser(id: string): Promise<PageResponse> {
    return this.get(userPath(id));
  }

  /** PUT /api/users/{id} (partial update) */
  updateUser(id: string, body: unknown): Promise<PageResponse> {
    return this.put(userPath(id), body);
  }

  /** DELETE /api/users/{id} */
  deleteUser(id: string): Promise<PageResponse> {
    return this.delete(userPath(id));
  }

  /** POST /api/auth/login */
  login(email: unknown, password: unknown): Promise<PageResponse> {
    return this.post("/api/auth/login", { email, password });
  }

  /** POST /api/auth/register */
  register(body: unknown): Promise<PageResponse> {
    return this.post("/api/auth/register", body);
  }

  /** GET /api/auth/me with a Bearer token */
  me(token: string): Promise<PageResponse> {
    return this.get("/api/auth/me", bearer(token));
  }

  /** POST /api/auth/logout with a Bearer token */
  logout(token: string): Promise<PageResponse> {
    return this.post("/api/auth/logout", undefined, bearer(token));
  }

  /** A user nobody has registered yet (BasePage.testUser: unique, from test_data.user). */
  newUser(overrides: Partial<NewUser> = {}): NewUser {
    const { username, email, password } = this.testUser();
    return { email, password, name: username, ...overrides };
  }
}
