/** The two users present after start-up and after every reset. Fixed ids survive restarts. */

export const ADMIN_ID = "7f0c1f8e-3b7a-4c1e-9a55-2d1f0a9e8b01";
export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "admin123";
const ADMIN_NAME = "Admin User";

export const USER_ID = "c3a9e2d4-5f61-4b8e-8d2a-6e4b7c1f9a02";
export const USER_EMAIL = "user@example.com";
export const USER_PASSWORD = "user123";
const USER_NAME = "Test User";

export interface SeedUser {
  id: string;
  email: string;
  password: string;
  name: string;
  role: "admin" | "user";
}

export const SEED_USERS: readonly SeedUser[] = [
  { id: ADMIN_ID, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, name: ADMIN_NAME, role: "admin" },
  { id: USER_ID, email: USER_EMAIL, password: USER_PASSWORD, name: USER_NAME, role: "user" },
];
