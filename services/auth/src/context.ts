/** What the route plugins share: the store, the token service and the config. */
import type { AuthConfig } from "./config.js";
import type { PasswordHasher } from "./passwords.js";
import type { UserStore } from "./store.js";
import type { TokenService } from "./tokens.js";

export interface AuthContext {
  config: AuthConfig;
  store: UserStore;
  tokens: TokenService;
  hasher: PasswordHasher;
}
