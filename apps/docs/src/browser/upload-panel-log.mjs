// A fetch for the upload client that tells what each request was (INIT, APPEND n of N, FINALIZE, STATUS)
// and what came back, then hands the answer on unchanged. The client calls it with the request already
// signed for the API's URL; `send` takes it from there.
import { grouped } from "./upload-panel-check.mjs";

/** @typedef {(url: string, init: RequestInit) => Promise<Response>} Fetch */
/** @typedef {{ command: string, status?: number, text: string }} LogLine `status` is absent on a wait */

/**
 * A multipart body's fields: the client hands the transport the body already encoded (a Blob, its
 * boundary in the content type), so it is read back here.
 * @param {RequestInit} init
 */
async function multipartFields(init) {
  const body = init.body;
  if (body instanceof FormData) return body;
  const type = new Headers(init.headers).get("content-type") ?? "";
  if (!(body instanceof Blob) || !type.startsWith("multipart/form-data")) return undefined;
  return new Response(body, { headers: { "content-type": type } }).formData();
}

/**
 * @param {string} url
 * @param {RequestInit} init
 * @param {number} segments how many APPENDs the upload makes
 */
async function requestLine(url, init, segments) {
  const body = (await multipartFields(init)) ?? init.body;
  if (body instanceof FormData) {
    const command = String(body.get("command") ?? "multipart");
    const index = Number(body.get("segment_index"));
    const media = body.get("media");
    const bytes = media instanceof Blob ? media.size : 0;
    return {
      command,
      text: `${command} ${index + 1} of ${segments} (segment_index ${index}, ${grouped(bytes)} bytes)`,
    };
  }
  if (typeof body === "string") {
    const fields = new URLSearchParams(body);
    const command = fields.get("command") ?? "POST";
    if (command === "INIT") {
      const category = fields.get("media_category");
      return {
        command,
        text: `INIT (${grouped(Number(fields.get("total_bytes")))} bytes, ${fields.get("media_type")}${category ? `, ${category}` : ""})`,
      };
    }
    return { command, text: `${command} of media ${fields.get("media_id")}` };
  }
  const query = new URL(url).searchParams;
  const command = query.get("command") ?? init.method ?? "GET";
  return { command, text: `${command} of media ${query.get("media_id")}` };
}

/** @param {Record<string, unknown>} answer the upload host's JSON */
function answerText(answer) {
  const errors = /** @type {{ message?: string }[] | undefined} */ (answer.errors);
  if (Array.isArray(errors)) return errors.map((e) => e.message).join("; ");
  const parts = [];
  if (typeof answer.media_id_string === "string") parts.push(`media id ${answer.media_id_string}`);
  if (typeof answer.size === "number") parts.push(`size ${grouped(answer.size)} bytes`);
  const info = /** @type {{ state?: string, progress_percent?: number } | undefined} */ (answer.processing_info);
  if (info?.state)
    parts.push(`${info.state}${info.progress_percent !== undefined ? `, ${info.progress_percent} %` : ""}`);
  return parts.join(", ");
}

/**
 * A JSON answer's body, read from a copy so the client still reads the answer; `{}` for any other.
 * @param {Response} response
 * @returns {Promise<Record<string, unknown>>}
 */
async function jsonOf(response) {
  if (!response.headers.get("content-type")?.includes("json")) return {};
  return response
    .clone()
    .json()
    .catch(() => ({}));
}

/**
 * @param {Fetch} send sends the signed request (to the emulator in the page)
 * @param {{ segments: number, onLine: (line: LogLine) => void }} options
 * @returns {Fetch}
 */
export function loggingFetch(send, { segments, onLine }) {
  return async (url, init) => {
    const sent = await requestLine(url, init, segments);
    const response = await send(url, init);
    const answer = await jsonOf(response);
    const said = answerText(answer);
    onLine({
      command: sent.command,
      status: response.status,
      text: `${sent.text}: ${response.status}${said ? `, ${said}` : ""}`,
    });
    const info = /** @type {{ state?: string, check_after_secs?: number } | undefined} */ (answer.processing_info);
    if (info?.check_after_secs !== undefined && (info.state === "pending" || info.state === "in_progress")) {
      onLine({
        command: "WAIT",
        text: `The client waits ${info.check_after_secs} s (check_after_secs) before the next STATUS: the emulator processes on its own clock, as the API does, so the wait is real.`,
      });
    }
    return response;
  };
}
