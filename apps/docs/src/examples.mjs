// Picks the documented example values an operation's code samples are built from.
import { resolve } from "@xads/spec/lib/operations.mjs";

/** The example of a parameter: `example`, else the first named example, else the schema's example/default/first enum. */
export function parameterExample(document, parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {}).map((e) => resolve(document, e));
  if (named.length > 0 && named[0].value !== undefined) return named[0].value;
  const schema = resolve(document, parameter.schema ?? {});
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  return undefined;
}

/** The request body's media type and example (`example`, else the first named example), or undefined. */
export function bodyExample(document, operation) {
  const body = resolve(document, operation.requestBody);
  if (!body?.content) return undefined;
  const [mediaType, media] = Object.entries(body.content)[0];
  const named = Object.values(media.examples ?? {}).map((e) => resolve(document, e));
  const value = media.example !== undefined ? media.example : named[0]?.value;
  const schema = media.schema ? resolve(document, media.schema) : undefined;
  return { mediaType, value, schema };
}

/**
 * The parameters a sample sends: every required one, and on writes the optional query parameters with an
 * example too (they show what the operation takes), leaving out any that an `exclusive` rule forbids
 * together with one already chosen.
 */
export function sampleParameters(document, { method, parameters, rules }) {
  const write = method !== "get" && method !== "delete";
  const chosen = [];
  const exclusive = rules.filter((r) => r.kind === "exclusive").map((r) => r.parameters);
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

/** The server an operation is called on: its own, else its path item's, else the document's first. */
export function serverUrl(document, path, operation) {
  const item = resolve(document, document.paths[path]);
  const servers = operation.servers ?? item.servers ?? document.servers ?? [];
  return servers[0]?.url ?? "";
}
