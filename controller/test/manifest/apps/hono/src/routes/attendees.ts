import { Hono } from "hono";

export const attendees = new Hono();
attendees.get("/", (c) => c.json([]));
attendees.delete("/:attendeeId", (c) => c.body(null, 204));
