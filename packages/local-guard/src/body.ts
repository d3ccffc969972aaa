// A request body read within a limit: refused at once when its declared length is over it, and
// streamed otherwise, keeping nothing once the limit is passed (the rest is drained, not held).
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";

export class BodyTooLarge extends Error {
  constructor(
    readonly limit: number,
    /** The length the request declared, when it declared one over the limit. */
    readonly declared?: number,
  ) {
    super(`the request body is over ${limit} bytes`);
    this.name = "BodyTooLarge";
  }
}

/** The `Content-Length` a request declares, or undefined (none, or not a number). */
export function declaredLength(headers: IncomingHttpHeaders): number | undefined {
  const value = headers["content-length"];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The whole body (one buffer, no copy past the read), or BodyTooLarge. */
export function readBodyWithin(message: Readable & { headers: IncomingHttpHeaders }, limit: number): Promise<Buffer> {
  const declared = declaredLength(message.headers);
  if (declared !== undefined && declared > limit) {
    message.resume();
    return Promise.reject(new BodyTooLarge(limit, declared));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      message.off("data", onData);
      message.off("end", onEnd);
      message.resume();
      reject(new BodyTooLarge(limit));
    };
    const onEnd = () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    message.on("data", onData);
    message.on("end", onEnd);
    message.once("error", reject);
  });
}
