import Router from "@koa/router";
import Koa from "koa";
import { api } from "./routes/index.js";

const app = new Koa();
const root = new Router({ prefix: "/v1" });
root.use(api.routes());
app.use(root.routes()).use(root.allowedMethods());
app.listen(3000);
