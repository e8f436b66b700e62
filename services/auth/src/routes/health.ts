import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { utcTimestamp } from "../../../../lib/service-kit/index.js";
import { HealthSchema } from "../schemas.js";

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        operationId: "getHealth",
        summary: "Health record",
        tags: ["health"],
        security: [],
        response: { 200: HealthSchema },
      },
    },
    async () => ({
      status: "healthy" as const,
      timestamp: utcTimestamp(),
      service: "mock-api" as const,
      version: "1.0.0" as const,
    }),
  );
};
