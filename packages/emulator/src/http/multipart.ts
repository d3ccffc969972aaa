// A multipart/form-data body's parts with their bytes as sent. The platform's FormData decodes a part
// without a filename as UTF-8 text, so a binary chunk sent that way (twitter-api-v2 sends its Buffers
// with no filename, the provider's Python SDK passes a file with the name None) loses bytes to U+FFFD;
// the upload host counts and reads them, so it reads the parts here.

import { indexOfBytes, utf8Bytes, utf8Text } from "../bytes.js";

export interface Part {
  name: string;
  filename: string | undefined;
  contentType: string | undefined;
  bytes: Uint8Array;
}

/** RFC 2046: a boundary has 1 to 70 characters. */
const BOUNDARY = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i;
/** More parts than any request of the documents has, by far: a bound on hostile input. */
const MAX_PARTS = 1000;
const HEADER_END = utf8Bytes("\r\n\r\n");

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${name}\\*?=(?:"([^"]*)"|([^;]*))`, "i").exec(header);
  return match ? (match[1] ?? match[2]?.trim()) : undefined;
}

/** The parts of a multipart body, or undefined when it is not one (no boundary, or malformed). */
export function parseMultipart(body: Uint8Array, contentType: string): Part[] | undefined {
  const match = BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return undefined;
  const bytes = body;
  const delimiter = utf8Bytes(`--${boundary}`);
  const between = utf8Bytes(`\r\n--${boundary}`);
  let at = indexOfBytes(bytes, delimiter);
  if (at < 0) return undefined;
  at += delimiter.length;
  const parts: Part[] = [];
  while (parts.length < MAX_PARTS) {
    // After a delimiter: `--` ends the body, CRLF starts a part.
    if (bytes[at] === 0x2d && bytes[at + 1] === 0x2d) return parts;
    if (bytes[at] !== 0x0d || bytes[at + 1] !== 0x0a) return undefined;
    const headersEnd = indexOfBytes(bytes, HEADER_END, at + 2);
    if (headersEnd < 0) return undefined;
    const end = indexOfBytes(bytes, between, headersEnd + HEADER_END.length);
    if (end < 0) return undefined;
    const headers = utf8Text(bytes.subarray(at + 2, headersEnd)).split("\r\n");
    const header = (name: string) =>
      headers
        .find((line) => line.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim();
    const disposition = header("content-disposition") ?? "";
    const name = parameter(disposition, "name");
    if (name === undefined) return undefined;
    parts.push({
      name,
      filename: parameter(disposition, "filename"),
      contentType: header("content-type"),
      bytes: bytes.subarray(headersEnd + HEADER_END.length, end),
    });
    at = end + between.length;
  }
  return undefined;
}

/**
 * A part as a field value: text for a part without a filename whose type is absent or text, its bytes
 * otherwise (a file, or binary data sent as `application/octet-stream`).
 */
export function partValue(part: Part): string | Uint8Array {
  const text = part.filename === undefined && (part.contentType === undefined || /^text\//i.test(part.contentType));
  return text ? utf8Text(part.bytes) : part.bytes;
}
