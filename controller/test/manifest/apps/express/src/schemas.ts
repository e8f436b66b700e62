import { z } from "zod";

export const CreateUserSchema = z.object({
  email: z.string().email(),
  name: z.string().min(1).max(100),
  age: z.number().int().min(0).optional(),
  role: z.enum(["admin", "customer"]).default("customer"),
});

export const UpdateUserSchema = CreateUserSchema.partial();

export const ListQuerySchema = z.object({
  page: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
