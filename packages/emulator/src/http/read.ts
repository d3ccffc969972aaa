// A request's parts as the pipeline needs them: the body read once, within a size bound, and refused
// rather than mended when its text is not UTF-8 (a U+FFFD stored in place of the sent bytes loses them).
import type { RequestLike } from "./request-like.js";

export interface ReadRequest {
  contentType: string;
  bytes: Uint8Array;
  /** The body as text; empty for a multipart body, whose file parts are bytes. */
  text: string;
  /** The body as form text, when it is application/x-www-form-urlencoded. */
  form: string;
  tooLarge: boolean;
  /** The body's text, or a percent-escape in a form body, is not UTF-8. */
  notUtf8: boolean;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The text of `bytes`, or undefined when they are not UTF-8. */
function utf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Whether the percent-escapes of a query or form text decode to UTF-8 (`%FF` does not; a stray `%`
 * is not an escape and stays as sent, as URLSearchParams keeps it).
 */
export function percentEscapesAreUtf8(text: string): boolean {
  if (!/%[89a-f]/i.test(text)) return true;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const escaped = text[i] === "%" && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3));
    if (escaped) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      // Other characters only separate the escapes: a plain ASCII byte keeps the sequences apart.
      bytes.push(0x20);
    }
  }
  return utf8(Uint8Array.from(bytes)) !== undefined;
}

const NOTHING: Uint8Array = new Uint8Array();

export async function readRequest(request: RequestLike, maxBytes: number): Promise<ReadRequest> {
  const contentType = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "0");
  const multipart = /multipart\/form-data/i.test(contentType);
  const isForm = /application\/x-www-form-urlencoded/i.test(contentType);
  const refused = (tooLarge: boolean): ReadRequest => ({
    contentType,
    bytes: NOTHING,
    text: "",
    form: "",
    tooLarge,
    notUtf8: !tooLarge,
  });
  if (declared > maxBytes) return refused(true);
  let bytes = NOTHING;
  if (request.body) {
    const read = request.bodyWithin ? await request.bodyWithin(maxBytes) : new Uint8Array(await request.arrayBuffer());
    if (read === undefined || read.byteLength > maxBytes) return refused(true);
    bytes = read;
  }
  const text = multipart ? "" : utf8(bytes);
  if (text === undefined || (isForm && !percentEscapesAreUtf8(text))) return refused(false);
  return { contentType, bytes, text, form: isForm ? text : "", tooLarge: false, notUtf8: false };
}
