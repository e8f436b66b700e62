import { Hono } from "hono";

export const attendees = new Hono();
attendees.get("/", (c) => c.json({ status: c.req.query("status") }));
attendees.delete("/:attendeeId", (c) => c.body(null, 204));
