// What the auth guard puts on the request once a token is verified.
export interface AuthUser {
  id: number;
  username: string;
}
