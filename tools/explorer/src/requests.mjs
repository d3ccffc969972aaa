// The requests the explorer sends: a valid one built from an operation's examples (its required
// parameters and its body's example), and the one a link leads to, each of its parameters read from the
// exchange the link starts at (lib/links.mjs's runtime expressions).
import { readPointer } from "@xads/spec/lib/links.mjs";

/** @typedef {import("@xads/spec/lib/catalogue.mjs").CatalogueOperation} CatalogueOperation */
/** @typedef {import("@xads/spec/lib/links.mjs").LinkValueSource} LinkValueSource */
/** @typedef {import("./resources.mjs").Followed} Followed */

/**
 * @typedef {object} ExploreRequest
 * @property {CatalogueOperation} operation
 * @property {Record<string, unknown>} path
 * @property {Record<string, unknown>} query
 * @property {Record<string, string>} headers
 * @property {unknown} body a JSON body; undefined without one
 */

/**
 * @typedef {object} Answer
 * @property {number} status
 * @property {Record<string, string>} headers names in lower case
 * @property {unknown} body parsed JSON, else the text
 */

/** @typedef {{ request: ExploreRequest, answer: Answer }} Exchange */

/**
 * Puts a value where the operation takes the parameter; a name it does not take is left out.
 * @param {ExploreRequest} request
 * @param {string} name
 * @param {unknown} value
 */
function place(request, name, value) {
  const parameter = request.operation.parameters.find((p) => p.name === name && !p.ignored);
  if (parameter?.in === "path" || parameter?.in === "query") request[parameter.in][name] = value;
  else if (parameter?.in === "header") request.headers[name] = String(value);
}

/**
 * A request from the operation's examples: every required parameter's example, its JSON body's
 * example, and `overrides` (by parameter name) for any parameter the operation takes, required or not:
 * a real account's ids in place of the examples'.
 * @param {CatalogueOperation} operation
 * @param {Record<string, unknown>} [overrides]
 * @returns {ExploreRequest}
 */
export function exampleRequest(operation, overrides = {}) {
  /** @type {ExploreRequest} */
  const request = { operation, path: {}, query: {}, headers: {}, body: undefined };
  for (const parameter of operation.parameters) {
    if (parameter.ignored) continue;
    if (Object.hasOwn(overrides, parameter.name)) place(request, parameter.name, overrides[parameter.name]);
    else if (parameter.required) place(request, parameter.name, parameter.example);
  }
  const body = operation.requestBody;
  if (body?.mediaType.includes("json") && body.example !== undefined) request.body = structuredClone(body.example);
  return request;
}

/**
 * The request with `field` set to `value` where the operation takes it: a query parameter of that name,
 * else a property of its JSON body (started empty when the request has none yet). Answers whether it
 * was set.
 * @param {ExploreRequest} request
 * @param {string} field
 * @param {unknown} value
 */
export function setField(request, field, value) {
  if (request.operation.parameters.some((p) => p.name === field && p.in === "query")) {
    request.query[field] = value;
    return true;
  }
  const body = request.operation.requestBody;
  if (!body?.mediaType.includes("json") || !Object.hasOwn(body.schema?.properties ?? {}, field)) return false;
  const current = request.body && typeof request.body === "object" ? request.body : {};
  request.body = { ...current, [field]: value };
  return true;
}

/**
 * The record fields a request sets: its query values and its JSON body's top-level members.
 * @param {ExploreRequest} request
 * @returns {Record<string, unknown>}
 */
export function sentFields(request) {
  const body = request.body && typeof request.body === "object" && !Array.isArray(request.body) ? request.body : {};
  return { ...request.query, ...body };
}

/**
 * The value a link parameter's expression reads from an exchange; undefined where it reaches nothing.
 * @param {LinkValueSource} from
 * @param {Exchange} exchange
 * @returns {unknown}
 */
export function readLinkValue(from, exchange) {
  if (from.source === "constant") return from.value;
  const { request, answer } = exchange;
  if (from.part === "body") return readPointer(from.source === "request" ? request.body : answer.body, from.pointer);
  if (from.source === "response") return from.part === "header" ? answer.headers[from.name.toLowerCase()] : undefined;
  if (from.part === "header") return request.headers[from.name];
  return request[from.part][from.name];
}

/**
 * The request a link leads to from an exchange, its other required parameters and a required JSON
 * body from the target's examples; undefined when one of the link's expressions reaches nothing (the
 * first record of an empty page).
 * @param {Followed} followed
 * @param {Exchange} exchange
 * @returns {ExploreRequest | undefined}
 */
export function followLink({ link, operation }, exchange) {
  const request = exampleRequest(operation);
  for (const parameter of link.parameters) {
    const value = readLinkValue(parameter.from, exchange);
    if (value === undefined) return undefined;
    place(request, parameter.name, value);
  }
  if (!operation.requestBody?.required) request.body = undefined;
  return request;
}

/**
 * A value percent-encoded as RFC 3986 wants it (what OAuth 1.0a signs): a space is %20, never `+`.
 * @param {string} value
 */
const percentEncode = (value) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The request's URL on an origin: the path template filled, the query as the operation's parameters
 * travel (arrays comma-separated where the spec says so, else repeated).
 * @param {string} origin
 * @param {ExploreRequest} request
 */
export function urlOf(origin, request) {
  const path = request.operation.path.replace(/\{([^}]+)\}/g, (_, name) => percentEncode(String(request.path[name])));
  const pairs = Object.entries(request.query).flatMap(([name, value]) => {
    const commaSeparated = request.operation.parameters.find((p) => p.name === name)?.commaSeparated;
    const values = Array.isArray(value) ? (commaSeparated ? [value.join(",")] : value) : [value];
    return values.map((item) => `${percentEncode(name)}=${percentEncode(String(item))}`);
  });
  return `${origin.replace(/\/+$/, "")}${path}${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}
