import { z } from "zod";

export const CreateEvent = z.object({
  title: z.string().min(3).max(120),
  startsAt: z.string().datetime(),
  capacity: z.number().int().positive().optional(),
  kind: z.enum(["talk", "workshop"]),
});

export const EventQuery = z.object({
  from: z.string().datetime().optional(),
  kind: z.enum(["talk", "workshop"]).optional(),
});
