import type { FastifyInstance } from "fastify";

// A plugin typed by its parameter; inline JSON Schema.
export default async function reviewRoutes(fastify: FastifyInstance) {
  fastify.post(
    "/books/:bookId/reviews",
    {
      schema: {
        body: {
          type: "object",
          required: ["rating"],
          properties: {
            rating: { type: "integer", minimum: 1, maximum: 5 },
            text: { type: "string", maxLength: 2000 },
          },
        },
      },
    },
    async (request, reply) => reply.code(201).send(request.body),
  );
  fastify.get("/books/:bookId/reviews", async () => []);
}
