// Picks the documented example values an operation's code samples are built from.
import { resolve } from "@xads/spec/lib/operations.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {import("@xads/spec/lib/operations.mjs").OperationEntry} OperationEntry */

/**
 * The example of a parameter: `example`, else the first named example, else the schema's example/default/first enum.
 * @param {Node} document
 * @param {Node} parameter
 * @returns {unknown}
 */
export function parameterExample(document, parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {}).map((e) => resolve(document, e));
  if (named[0] !== undefined && named[0].value !== undefined) return named[0].value;
  const schema = resolve(document, parameter.schema ?? {});
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  return undefined;
}

/**
 * The request body's media type and example (`example`, else the first named example), or undefined.
 * @param {Node} document
 * @param {Node} operation
 * @returns {{ mediaType: string, value: unknown, schema: Node | undefined } | undefined}
 */
export function bodyExample(document, operation) {
  const body = resolve(document, operation.requestBody);
  if (!body?.content) return undefined;
  /** @type {[string, Node] | undefined} */
  const first = Object.entries(body.content)[0];
  if (!first) return undefined;
  const [mediaType, media] = first;
  const named = Object.values(media.examples ?? {}).map((e) => resolve(document, e));
  const value = media.example !== undefined ? media.example : named[0]?.value;
  const schema = media.schema ? resolve(document, media.schema) : undefined;
  return { mediaType, value, schema };
}

/**
 * The parameters a sample sends: every required one, and on writes the optional query parameters with an
 * example too (they show what the operation takes), leaving out any that an `exclusive` rule forbids
 * together with one already chosen.
 * @param {Node} document
 * @param {Pick<OperationEntry, "method" | "parameters" | "rules">} entry
 */
export function sampleParameters(document, { method, parameters, rules }) {
  const write = method !== "get" && method !== "delete";
  /** @type {Node[]} */
  const chosen = [];
  /** @type {string[][]} */
  const exclusive = rules.filter((r) => r.kind === "exclusive").map((r) => r.parameters);
  /** @param {Node} p */
  const conflicts = (p) =>
    exclusive.some(
      (group) =>
        group.includes(`${p.in}.${p.name}`) && chosen.some((c) => c !== p && group.includes(`${c.in}.${c.name}`)),
    );
  for (const p of parameters) {
    if (p.in === "cookie") continue;
    const wanted = p.required || (write && p.in === "query");
    if (!wanted) continue;
    const value = parameterExample(document, p);
    if (value === undefined) continue;
    if (!p.required && conflicts(p)) continue;
    chosen.push(p);
  }
  return chosen.map((p) => ({ parameter: p, value: parameterExample(document, p) }));
}

/**
 * The server an operation is called on: its own, else its path item's, else the document's first.
 * @param {Node} document
 * @param {string} path
 * @param {Node} operation
 * @returns {string}
 */
export function serverUrl(document, path, operation) {
  const item = resolve(document, document.paths[path]);
  const servers = operation.servers ?? item.servers ?? document.servers ?? [];
  return servers[0]?.url ?? "";
}
