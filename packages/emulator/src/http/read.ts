// A request's parts as the pipeline needs them: the body read once, within a size bound.
import type { RequestLike } from "./request-like.js";

export interface ReadRequest {
  contentType: string;
  bytes: Uint8Array;
  text: string;
  /** The body as form text, when it is application/x-www-form-urlencoded. */
  form: string;
  tooLarge: boolean;
}

export async function readRequest(request: RequestLike, maxBytes: number): Promise<ReadRequest> {
  const contentType = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "0");
  let bytes = new Uint8Array();
  let tooLarge = declared > maxBytes;
  if (!tooLarge && request.body) {
    bytes = new Uint8Array(await request.arrayBuffer());
    tooLarge = bytes.byteLength > maxBytes;
  }
  const text = tooLarge ? "" : new TextDecoder("utf-8").decode(bytes);
  return {
    contentType,
    bytes,
    text,
    form: /application\/x-www-form-urlencoded/i.test(contentType) ? text : "",
    tooLarge,
  };
}
