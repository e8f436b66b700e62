import type { FastifyPluginAsync } from "fastify";
import { Book, BookParams, CreateBook, ListBooksQuery, Page } from "../schemas.js";

export const bookRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    "/",
    { schema: { operationId: "listBooks", querystring: ListBooksQuery, response: { 200: Page(Book) } } },
    async () => ({ items: [], total: 0 }),
  );

  app.post(
    "/",
    {
      schema: {
        operationId: "createBook",
        body: CreateBook,
        response: { 201: Book },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => reply.code(201).send(request.body),
  );

  app.route({
    method: ["GET", "HEAD"],
    url: "/:bookId",
    schema: {
      params: BookParams,
      response: {
        200: Book,
        404: { type: "object", properties: { error: { type: "string" } }, required: ["error"] },
      },
    },
    handler: async function getBook(request) {
      return request.params;
    },
  });

  app.delete(
    "/:bookId",
    { schema: { params: BookParams, response: { 204: { type: "null" } } } },
    async (_request, reply) => reply.code(204).send(),
  );
};
