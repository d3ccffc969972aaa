// A step's request: the operation's server and path filled with the path parameters, the query and
// header parameters, and the body (JSON, form text or multipart fields), as a fetch `Request` and as
// the record a page shows. The values come evaluated (expressions.mjs).

/**
 * @typedef {{ method: string, path: string, server: string }} RunnerOperation
 *   method upper-case; path the OpenAPI path template; server the base URL, no trailing slash
 */
/**
 * @typedef {{ method: string, url: string, headers: Record<string, string>,
 *   body?: { contentType: string, text?: string, fields?: Record<string, string> } }} SentRequest
 *   text for JSON and form bodies as sent; fields for multipart/form-data
 */
/** @typedef {{ name: string, in?: string, value: unknown }} StepParameter */
/** @typedef {{ contentType?: string, payload?: unknown }} StepRequestBody */

/** A request that cannot be made from what the step gives. */
export class RequestError extends Error {
  /** @override */
  name = "RequestError";
}

/**
 * A parameter's or field's text: arrays comma-separated (the spec's query arrays are all `form`
 * without explode), objects as JSON, null as empty.
 * @param {unknown} value
 * @returns {string}
 */
export function parameterText(value) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((item) => parameterText(item)).join(",");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** @param {string} contentType */
const mediaTypeOf = (contentType) => (contentType.split(";")[0] ?? "").trim().toLowerCase();

/**
 * The fields of a form or multipart payload (an object); undefined values are left out.
 * @param {unknown} payload
 * @param {string} contentType
 * @returns {Record<string, string>}
 */
function fieldsOf(payload, contentType) {
  if (payload === null || typeof payload !== "object" || Array.isArray(payload))
    throw new RequestError(`a ${contentType} payload is an object of fields`);
  return Object.fromEntries(
    Object.entries(payload)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, parameterText(value)]),
  );
}

/**
 * @param {StepRequestBody} requestBody
 * @returns {{ body: BodyInit, record: NonNullable<SentRequest["body"]>, contentTypeHeader?: string }}
 */
function bodyOf(requestBody) {
  const contentType = requestBody.contentType ?? "application/json";
  const mediaType = mediaTypeOf(contentType);
  const { payload } = requestBody;
  if (mediaType === "multipart/form-data") {
    const fields = fieldsOf(payload, mediaType);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    // The Request writes the content type itself, with the boundary it chose.
    return { body: form, record: { contentType, fields } };
  }
  let text;
  if (typeof payload === "string") text = payload;
  else if (mediaType === "application/x-www-form-urlencoded")
    text = new URLSearchParams(fieldsOf(payload, mediaType)).toString();
  else text = JSON.stringify(payload ?? null);
  return { body: text, record: { contentType, text }, contentTypeHeader: contentType };
}

/**
 * @param {RunnerOperation} operation
 * @param {StepParameter[]} parameters with their values evaluated
 * @param {StepRequestBody} [requestBody] with its payload evaluated
 * @returns {{ request: Request, sent: SentRequest, path: Record<string, string>, query: Record<string, string>,
 *   headers: Record<string, string> }} the request, its record, and its parameters by place
 */
export function buildRequest(operation, parameters, requestBody) {
  /** @type {Record<string, string>} */
  const path = {};
  /** @type {Record<string, string>} */
  const query = {};
  /** @type {Record<string, string>} */
  const headers = {};
  for (const parameter of parameters) {
    if (parameter.value === undefined && parameter.in !== "path") continue;
    const text = parameterText(parameter.value);
    if (parameter.in === "path") {
      if (parameter.value === undefined) throw new RequestError(`the path parameter ${parameter.name} has no value`);
      path[parameter.name] = text;
    } else if (parameter.in === "query") query[parameter.name] = text;
    else if (parameter.in === "header") headers[parameter.name.toLowerCase()] = text;
    else throw new RequestError(`the parameter ${parameter.name} is in "${parameter.in}": path, query or header only`);
  }
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_, name) => {
    if (!Object.hasOwn(path, name))
      throw new RequestError(`no value for the path parameter ${name} of ${operation.path}`);
    return encodeURIComponent(path[name] ?? "");
  });
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join("&");
  const url = `${operation.server}${filled}${search ? `?${search}` : ""}`;
  const method = operation.method.toUpperCase();
  const body = requestBody ? bodyOf(requestBody) : undefined;
  if (body && (method === "GET" || method === "HEAD")) throw new RequestError(`a ${method} request has no body`);
  const init = new Headers(headers);
  if (body?.contentTypeHeader) init.set("content-type", body.contentTypeHeader);
  let request;
  try {
    request = new Request(url, { method, headers: init, ...(body ? { body: body.body } : {}) });
  } catch (error) {
    throw new RequestError(`cannot make the request ${method} ${url}: ${/** @type {Error} */ (error).message}`);
  }
  /** @type {Record<string, string>} */
  const sentHeaders = {};
  request.headers.forEach((value, name) => {
    sentHeaders[name] = value;
  });
  /** @type {SentRequest} */
  const sent = { method, url: request.url, headers: sentHeaders, ...(body ? { body: body.record } : {}) };
  return { request, sent, path, query, headers };
}
