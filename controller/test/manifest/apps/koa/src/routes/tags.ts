import Router from "@koa/router";

const tags = new Router();
tags.prefix("/tags");
tags.get("/", async (ctx) => {
  ctx.body = ctx.query.startsWith ? [] : [];
});
tags.put("/:tag", async (ctx) => {
  ctx.body = { tag: ctx.params.tag };
});

export default tags;
