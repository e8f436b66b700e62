// A request body read as text while it arrives: each chunk is decoded as it comes (a
// StringDecoder keeps a character split across two chunks whole). Fastify's own reader keeps the
// chunks and decodes the whole body at the end: for an 8 MiB code upload, a Buffer.concat and a
// toString of 40-75 ms in one task of the event loop (issue 25 point 5). Its limits and errors are
// kept: a Content-Length or a body over the limit is FST_ERR_CTP_BODY_TOO_LARGE (413), a body
// whose length is not the Content-Length FST_ERR_CTP_INVALID_CONTENT_LENGTH (400).
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { errorCodes } from "fastify";

/** The stream Fastify hands a content-type parser that reads its own body. */
type Payload = Readable & { receivedEncodedLength?: number };

/** The whole body as one string. */
export async function readBodyText(
  payload: Payload,
  headers: Record<string, string | string[] | undefined>,
  limit: number,
): Promise<string> {
  const pieces: string[] = [];
  await readBody(payload, headers, limit, (piece) => pieces.push(piece));
  return pieces.join("");
}

/** Hands each decoded piece of the body to `onText` as it arrives; resolves at its end. */
export function readBody(
  payload: Payload,
  headers: Record<string, string | string[] | undefined>,
  limit: number,
  onText: (piece: string) => void,
): Promise<void> {
  const declared = Number(headers["content-length"]);
  if (declared > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder("utf8");
    let received = 0;
    const stop = () => {
      payload.removeListener("data", onData);
      payload.removeListener("end", onEnd);
      payload.removeListener("error", onError);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      onText(decoder.write(bytes));
    };
    const onEnd = () => {
      stop();
      if (!Number.isNaN(declared) && (payload.receivedEncodedLength || received) !== declared) {
        reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      onText(decoder.end());
      resolve();
    };
    const onError = (err: Error & { statusCode?: number }) => {
      stop();
      if (!(typeof err.statusCode === "number" && err.statusCode >= 400)) err.statusCode = 400;
      reject(err);
    };
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
    payload.resume();
  });
}
