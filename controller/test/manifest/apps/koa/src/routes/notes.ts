import Router from "@koa/router";
import { requireSession } from "../session.js";

// The prefix comes from the router's own options.
export const notes = new Router({ prefix: "/notes" });

notes.use(requireSession);
notes.get("list-notes", "/", async (ctx) => {
  ctx.body = [];
});
notes.post("/", async (ctx) => {
  const { title, visibility } = ctx.request.body;
  ctx.status = title && visibility ? 201 : 400;
});
notes.get("/:noteId", async (ctx) => {
  ctx.body = { id: ctx.params.noteId };
});
notes.del("/:noteId", async (ctx) => {
  ctx.status = 204;
});
