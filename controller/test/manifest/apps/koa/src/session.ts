import type { Context, Next } from "koa";

export async function requireSession(ctx: Context, next: Next) {
  if (!ctx.cookies.get("sid")) ctx.throw(401);
  await next();
}
