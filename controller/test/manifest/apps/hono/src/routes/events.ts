import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { CreateEvent, EventQuery } from "../schemas.js";

const events = new Hono()
  .get("/", zValidator("query", EventQuery), (c) => c.json([]))
  .post("/", bearerAuth({ token: "t" }), zValidator("json", CreateEvent), (c) => c.json({}, 201))
  .get("/:eventId", (c) => c.json({ id: c.req.param("eventId") }));

events.on(["PUT", "PATCH"], "/:eventId", bearerAuth({ token: "t" }), (c) => c.json({}));

export default events;
