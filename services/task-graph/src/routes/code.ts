// /api/v1/code/repositories: register folders, list them, remove them, and upload files for
// clients that share no filesystem with the service (SPEC §4).
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import type { FileChange } from "../../../../lib/code-graph/index.js";
import {
  describedErrorResponse,
  errorResponses,
  slicedArrayValidatorCompiler,
} from "../../../../lib/service-kit/index.js";
import type { CodeWorkspace } from "../domain/code/code-workspace.js";
import {
  CreateRepositoryBody,
  RepositoryList,
  RepositoryParams,
  RepositorySchema,
  UploadFilesBody,
  UploadResultSchema,
} from "../schemas/code.js";

/** SPEC "Common": 8 MiB for the code upload route. */
const CODE_UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

export interface CodeRoutesOptions {
  code: CodeWorkspace;
}

export const codeRoutes: FastifyPluginAsync<CodeRoutesOptions> = async (fastify, { code }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["code"];

  app.post(
    "/code/repositories",
    {
      schema: {
        tags,
        operationId: "createCodeRepository",
        summary:
          "Register a folder of the service's machine as a code repository (indexed in the background)",
        body: CreateRepositoryBody,
        response: { 201: RepositorySchema, ...errorResponses(400, 403, 409, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await code.addFolder(request.body.name, request.body.path)),
  );

  app.get(
    "/code/repositories",
    {
      schema: {
        tags,
        operationId: "listCodeRepositories",
        summary: "List code repositories with their indexing status",
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: RepositoryList, ...errorResponses(400, 503) },
      },
    },
    async () => {
      const items = await code.list();
      return { items, total: items.length };
    },
  );

  app.get(
    "/code/repositories/:name",
    {
      schema: {
        tags,
        operationId: "getCodeRepository",
        summary: "Get a code repository",
        params: RepositoryParams,
        response: { 200: RepositorySchema, ...errorResponses(404, 503) },
      },
    },
    async (request) => code.get(request.params.name),
  );

  app.delete(
    "/code/repositories/:name",
    {
      schema: {
        tags,
        operationId: "deleteCodeRepository",
        summary: "Remove a code repository and its code graph",
        params: RepositoryParams,
        response: { 204: Type.Null(), ...errorResponses(404, 503) },
      },
    },
    async (request, reply) => {
      await code.remove(request.params.name);
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/code/repositories/:name/files",
    {
      bodyLimit: CODE_UPLOAD_BODY_LIMIT,
      // Up to 20,000 files: the items are validated between turns of the event loop, with the
      // same schema and the same 400 answers (issue 25 point 5).
      validatorCompiler: slicedArrayValidatorCompiler("files"),
      schema: {
        tags,
        operationId: "uploadCodeFiles",
        summary:
          "Add, change or delete files of a repository (created on first upload); durable when answered",
        params: RepositoryParams,
        body: UploadFilesBody,
        response: {
          200: UploadResultSchema,
          ...errorResponses(400, 409, 503),
          ...describedErrorResponse(
            413,
            "PAYLOAD_TOO_LARGE (the body is over 8 MiB) or QUOTA_EXCEEDED (the repository or all of them would hold more text or files than CODE_MAX_* allow; `details.limit` names it).",
          ),
        },
      },
    },
    async (request) => code.upload(request.params.name, request.body.files as FileChange[]),
  );
};
