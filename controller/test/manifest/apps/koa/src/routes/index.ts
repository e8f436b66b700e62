import Router from "@koa/router";
import { notes } from "./notes.js";
import tags from "./tags.js";

export const api = new Router();
// Nested routers: the parent's prefix, then the child's own.
api.use("/workspaces/:workspaceId", notes.routes(), notes.allowedMethods());
api.use(tags.routes());
api.get("/ping", (ctx) => {
  ctx.body = "pong";
});
