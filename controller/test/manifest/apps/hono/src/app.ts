import { Hono } from "hono";
import { attendees } from "./routes/attendees.js";
import events from "./routes/events.js";

const app = new Hono().basePath("/api");
app.get("/health", (c) => c.text("ok"));
app.route("/events", events);
app.route("/events/:eventId/attendees", attendees);

export default app;
