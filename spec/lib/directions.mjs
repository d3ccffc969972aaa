// Which way each component schema travels: sent in requests (parameters, request bodies), answered in
// responses (bodies, headers, webhook payloads), or both. Responses are read tolerantly (spec/README.md, "Requests
// strict, responses tolerant"): a schema only responses use types its enums as their known values
// plus any other string. The types generator and the breaking-change gate both decide that here.
import { listOperations, resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */
/** @typedef {"request" | "response"} Direction */

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/**
 * The component schemas each direction reaches, following `$ref`s through every nested schema.
 * @param {Node} bundle
 * @returns {{ request: Set<string>, response: Set<string> }}
 */
export function schemaDirections(bundle) {
  const request = new Set();
  const response = new Set();
  for (const { operation, parameters } of listOperations(bundle)) {
    for (const parameter of parameters) {
      reach(bundle, parameter.schema, request);
      for (const media of Object.values(parameter.content ?? {})) reach(bundle, media.schema, request);
    }
    const body = resolve(bundle, operation.requestBody);
    for (const media of Object.values(body?.content ?? {})) reach(bundle, media.schema, request);
    for (const raw of Object.values(operation.responses ?? {})) {
      const answer = resolve(bundle, raw);
      for (const media of Object.values(answer.content ?? {})) reach(bundle, media.schema, response);
      for (const header of Object.values(answer.headers ?? {})) reach(bundle, resolve(bundle, header).schema, response);
    }
  }
  // A webhook's payload is sent by the API, and read as a response is.
  for (const item of Object.values(bundle.webhooks ?? {})) {
    for (const operation of Object.values(resolve(bundle, item))) {
      const body = resolve(bundle, /** @type {Node} */ (operation)?.requestBody);
      for (const media of Object.values(body?.content ?? {})) reach(bundle, media.schema, response);
    }
  }
  return { request, response };
}

/**
 * The component schemas only responses use: their enum-valued fields are open in the types.
 * @param {Node} bundle
 * @returns {Set<string>}
 */
export function responseOnlySchemas(bundle) {
  const { request, response } = schemaDirections(bundle);
  return new Set([...response].filter((name) => !request.has(name)));
}

/** Keywords whose values are data, not schemas: a `$ref`-looking value there refers to nothing. */
const DATA_KEYWORDS = new Set(["example", "examples", "default", "const", "enum"]);
/** Keywords whose values map names to schemas, whatever the names are. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

/**
 * Adds to `into` every component schema `node` refers to, directly or through nested schemas.
 * @param {Node} bundle
 * @param {unknown} node
 * @param {Set<string>} into
 */
function reach(bundle, node, into) {
  /** @type {unknown[]} */
  const pending = [node];
  while (pending.length > 0) {
    const current = pending.pop();
    if (Array.isArray(current)) {
      pending.push(...current);
      continue;
    }
    if (!current || typeof current !== "object") continue;
    const { $ref } = /** @type {Node} */ (current);
    if (typeof $ref === "string") {
      const name = SCHEMA_REF.exec($ref)?.[1];
      if (name !== undefined && !into.has(name)) {
        into.add(name);
        pending.push(resolve(bundle, { $ref }));
      }
      continue;
    }
    for (const [key, value] of Object.entries(current)) {
      if (SCHEMA_MAPS.has(key) && value && typeof value === "object") pending.push(...Object.values(value));
      else if (!DATA_KEYWORDS.has(key)) pending.push(value);
    }
  }
}

/**
 * Whether an enum's values are a list the API may grow, typed open in response-only places: two or
 * more strings (and perhaps null). A single value tags a record (a conversation card's `card_type`):
 * it names the kind and stays a literal.
 * @param {unknown} values a schema's `enum`
 */
export function isOpenableEnum(values) {
  if (!Array.isArray(values) || !values.every((v) => typeof v === "string" || v === null)) return false;
  return values.filter((v) => v !== null).length >= 2;
}

/**
 * For one bundle, how a property openapi-typescript meets at a JSON pointer is widened in the types:
 * `"enum"` for a string enum in a response-only place (a component schema only responses reach, or a
 * schema inline in a response), `"enum-items"` for an array of them, undefined when it stays closed.
 * @param {Node} bundle
 * @returns {(pointer: string, schema: unknown) => "enum" | "enum-items" | undefined}
 */
export function responseEnumWidening(bundle) {
  const responseOnly = responseOnlySchemas(bundle);
  /** @param {string} pointer */
  const inResponse = (pointer) => {
    const component = /^#\/components\/schemas\/([^/]+)\//.exec(pointer)?.[1];
    if (component !== undefined) return responseOnly.has(component.replaceAll("~1", "/").replaceAll("~0", "~"));
    return /^#\/paths\/[^/]+\/[a-z]+\/responses\//.test(pointer) || pointer.startsWith("#/components/responses/");
  };
  /** @param {Node | undefined} node */
  const isStringEnum = (node) => {
    if (!node || typeof node !== "object") return false;
    return isOpenableEnum(node.enum ?? (node.allOf?.length === 1 ? resolve(bundle, node.allOf[0])?.enum : undefined));
  };
  return (pointer, schema) => {
    if (!inResponse(pointer)) return undefined;
    const node = resolve(bundle, schema);
    if (isStringEnum(node)) return "enum";
    if (node?.type === "array" && isStringEnum(resolve(bundle, node.items))) return "enum-items";
    return undefined;
  };
}
