// Walks a bundled document: its operations, their resolved parameters and their x-rules.
// Shared by the spec checks, the generators and the test suites, so that all read a bundle one way.

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Follows local `$ref`s (`#/components/...`) until a node without one. */
export function resolve(document, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    if (!current.$ref.startsWith("#/")) throw new Error(`non-local $ref ${current.$ref} in a bundle`);
    current = current.$ref
      .slice(2)
      .split("/")
      .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((parent, key) => parent?.[key], document);
    if (current === undefined) throw new Error(`unresolved $ref ${[...seen].at(-1)}`);
  }
  return current;
}

/**
 * Every operation of a bundle, in document order:
 * { operationId, method, path, operation, parameters (resolved, path-level merged), rules }.
 * `rules` holds the operation's x-rules followed by those declared on its parameters.
 */
export function listOperations(document) {
  const operations = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = resolve(document, rawItem);
    const shared = (item.parameters ?? []).map((p) => resolve(document, p));
    for (const method of METHODS) {
      if (!item[method]) continue;
      const operation = resolve(document, item[method]);
      const own = (operation.parameters ?? []).map((p) => resolve(document, p));
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const rules = [...(operation["x-rules"] ?? []), ...parameters.flatMap((p) => p["x-rules"] ?? [])];
      operations.push({ operationId: operation.operationId, method, path, operation, parameters, rules });
    }
  }
  return operations;
}

/** The schema of the request body for a media type (JSON first), resolved; undefined without a body. */
export function requestBodySchema(document, operation) {
  const body = resolve(document, operation.requestBody);
  if (!body?.content) return undefined;
  const media =
    body.content["application/json"] ??
    body.content["application/x-www-form-urlencoded"] ??
    body.content["multipart/form-data"] ??
    Object.values(body.content)[0];
  return media?.schema ? resolve(document, media.schema) : undefined;
}

/** Parses a rule reference such as `body[].params.users[].email` into its location and steps. */
export function parseReference(reference) {
  const [head, ...rest] = reference.split(".");
  if (head === "query" || head === "path" || head === "header") {
    return { in: head, name: rest.join("."), steps: [] };
  }
  const steps = [];
  const pushSegment = (segment) => {
    const array = segment.endsWith("[]");
    const name = array ? segment.slice(0, -2) : segment;
    if (name) steps.push({ property: name });
    if (array) steps.push({ each: true });
  };
  pushSegment(head.replace(/^body/, ""));
  for (const segment of rest) pushSegment(segment);
  return { in: "body", name: reference, steps };
}

/** A schema and the branches it combines (allOf, oneOf, anyOf), resolved, depth-first. */
export function branchesOf(document, schema, depth = 0) {
  const node = resolve(document, schema);
  if (!node || typeof node !== "object" || depth > 8) return [];
  const nested = [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])];
  return [node, ...nested.flatMap((branch) => branchesOf(document, branch, depth + 1))];
}

/** The subschemas a parsed body reference's steps land on, through allOf/oneOf/anyOf; empty when none. */
export function schemasAt(document, root, steps) {
  let candidates = branchesOf(document, root);
  for (const step of steps) {
    candidates = candidates.flatMap((node) => {
      if ("each" in step) return node.items ? branchesOf(document, node.items) : [];
      return node.properties?.[step.property] ? branchesOf(document, node.properties[step.property]) : [];
    });
  }
  return candidates;
}
