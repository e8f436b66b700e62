// Fresh test identities from test_data.user, unique across calls and runs (a service under test
// may keep the users of earlier runs): BasePage.testUser().

import { randomUUID } from "node:crypto";
import type { TestDataConfig } from "../config/index.js";

export interface TestUser {
  /** `${username_prefix}-<12 hex digits>` */
  username: string;
  /** `${username}@${email_domain}` */
  email: string;
  /** test_data.user.password */
  password: string;
}

export function newTestUser(user: TestDataConfig["user"]): TestUser {
  const username = `${user.username_prefix}-${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  return { username, email: `${username}@${user.email_domain}`, password: user.password };
}
