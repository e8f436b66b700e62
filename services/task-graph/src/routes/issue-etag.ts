// Sends one issue with its strong ETag (RFC 9110 §8.8.3), the tag If-Match is checked against.
import type { FastifyReply } from "fastify";
import { etagOf } from "../domain/etag.js";
import type { Issue } from "../schemas/issue.js";

export function withEtag(reply: FastifyReply, issue: Issue): Issue {
  reply.header("etag", etagOf(issue));
  return issue;
}
