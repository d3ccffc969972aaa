// OpenAPI links (a response's `links`): which operation an answer leads to and where each of that
// operation's parameters comes from, as runtime expressions parsed once. The ads document declares them
// where a record is created or listed (spec/README.md, "links"); the explorer (tools/explorer) follows
// them. Only `operationId` links within one document are read: an `operationRef` or a link `requestBody`
// is refused, so a reader never meets a link it cannot follow.
import { resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */

/**
 * Where a link parameter's value comes from: a part of the request that was sent or of the answer
 * that came back (`$request.path.account_id`, `$response.body#/data/id`), or a constant.
 * @typedef {{ source: "request" | "response", part: "path" | "query" | "header", name: string }
 *   | { source: "request" | "response", part: "body", pointer: string }
 *   | { source: "constant", value: unknown }} LinkValueSource
 */

/**
 * @typedef {object} LinkParameter
 * @property {string} name the target operation's parameter
 * @property {unknown} expression as written
 * @property {LinkValueSource} from
 */

/**
 * @typedef {object} CatalogueLink
 * @property {string} name the link's key in the response's `links`
 * @property {string} operationId the target, an operation of the same document
 * @property {string} description empty when it has none
 * @property {LinkParameter[]} parameters in the order written
 */

/**
 * A link parameter's value: a runtime expression (`$request.path.x`, `$request.query.x`,
 * `$request.header.x`, `$request.body#/pointer`, the same under `$response`, `$response.body` alone
 * for the whole body), or any other value as a constant. `$url`, `$method` and `$statusCode` name no
 * parameter value a client keeps, so they are refused.
 * @param {unknown} expression
 * @returns {LinkValueSource}
 */
export function parseLinkExpression(expression) {
  if (typeof expression !== "string" || !expression.startsWith("$")) return { source: "constant", value: expression };
  const match = /^\$(request|response)\.(path|query|header|body)(?:\.(.+)|#(\/.*)?)?$/.exec(expression);
  if (!match)
    throw new Error(
      `link expression ${expression} is not one this project follows ($request.<part>, $response.<part>)`,
    );
  const [, source, part, name, pointer] = /** @type {[string, "request" | "response", string, string?, string?]} */ (
    /** @type {unknown} */ (match)
  );
  if (part === "body") {
    if (name !== undefined) throw new Error(`link expression ${expression}: a body is read with #/pointer`);
    return { source, part, pointer: pointer ?? "" };
  }
  if (name === undefined || pointer !== undefined)
    throw new Error(`link expression ${expression}: a ${part} value is read by its name`);
  return { source, part: /** @type {"path" | "query" | "header"} */ (part), name };
}

/**
 * The value a JSON pointer (RFC 6901) names in a value, or undefined where it reaches nothing.
 * @param {unknown} value
 * @param {string} pointer "" for the whole value
 * @returns {unknown}
 */
export function readPointer(value, pointer) {
  if (pointer === "") return value;
  let current = value;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(key)) return undefined;
      current = current[Number(key)];
    } else if (current !== null && typeof current === "object" && Object.hasOwn(current, key)) {
      current = /** @type {Record<string, unknown>} */ (current)[key];
    } else return undefined;
  }
  return current;
}

/**
 * The links of one response node as written in a bundle (its `$ref`s resolved).
 * @param {Node} bundle
 * @param {Node | undefined} response
 * @param {string} where the operation and status, for the error message
 * @returns {CatalogueLink[]}
 */
export function linksOf(bundle, response, where) {
  const links = response ? resolve(bundle, response).links : undefined;
  return Object.entries(links ?? {}).map(([name, raw]) => {
    const link = resolve(bundle, /** @type {Node} */ (raw));
    if (typeof link.operationId !== "string")
      throw new Error(`${where}: link ${name} names no operationId (an operationRef is not followed)`);
    if (link.requestBody !== undefined)
      throw new Error(`${where}: link ${name} has a requestBody, which is not followed`);
    return {
      name,
      operationId: link.operationId,
      description: String(link.description ?? ""),
      parameters: Object.entries(link.parameters ?? {}).map(([parameter, expression]) => {
        try {
          return { name: parameter, expression, from: parseLinkExpression(expression) };
        } catch (error) {
          throw new Error(`${where}: link ${name}: ${/** @type {Error} */ (error).message}`);
        }
      }),
    };
  });
}

/**
 * Every link of a document's operations leads to one of its operations and names only that
 * operation's parameters, giving each of its required path parameters: the problems, one sentence each.
 * @param {Array<{ id: string, parameters: Array<{ name: string, in: string, required: boolean }>,
 *   responses: Array<{ status: string, links: CatalogueLink[] }> }>} operations
 * @returns {string[]}
 */
export function linkProblems(operations) {
  const byId = new Map(operations.map((o) => [o.id, o]));
  return operations.flatMap((operation) =>
    operation.responses.flatMap((response) =>
      response.links.flatMap((link) => {
        const where = `${operation.id} ${response.status} link ${link.name}`;
        const target = byId.get(link.operationId);
        if (!target) return [`${where} leads to ${link.operationId}, which the document does not have`];
        const named = new Set(link.parameters.map((p) => p.name));
        return [
          ...link.parameters
            .filter((p) => !target.parameters.some((t) => t.name === p.name))
            .map((p) => `${where} names ${p.name}, which ${target.id} does not take`),
          ...target.parameters
            .filter((t) => t.in === "path" && t.required && !named.has(t.name))
            .map((t) => `${where} gives no ${t.name}, a path parameter of ${target.id}`),
        ];
      }),
    ),
  );
}
