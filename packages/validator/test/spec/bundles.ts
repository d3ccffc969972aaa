// The real bundles, through the spec model's registry, for the suites derived from the spec.
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { listOperations, type Node, type OperationEntry, resolve } from "@xads/spec/lib/operations.mjs";

export interface Bundle {
  name: string;
  document: Node;
  operations: OperationEntry[];
}

export function loadBundles(): Bundle[] {
  return loadSpec().documents.map((d) => {
    const document = d.bundle();
    return { name: d.name, document, operations: listOperations(document) };
  });
}

/** Example values of a parameter or media type: `example`, then each of `examples`. */
export function examplesOf(document: Node, holder: Node): unknown[] {
  const values: unknown[] = [];
  if (holder.example !== undefined) values.push(holder.example);
  for (const example of Object.values<Node>(holder.examples ?? {})) {
    const resolved = resolve<Node>(document, example);
    if (resolved.value !== undefined) values.push(resolved.value);
  }
  return values;
}

/** A request with every required parameter set to its first example (the baseline of the suites). */
export function baselineRequest(document: Node, entry: OperationEntry) {
  const request: {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    headers: Record<string, unknown>;
    body?: unknown;
  } = {
    path: {},
    query: {},
    headers: {},
  };
  for (const parameter of entry.parameters) {
    if (!parameter.required) continue;
    const value =
      examplesOf(document, parameter)[0] ?? examplesOf(document, resolve<Node>(document, parameter.schema ?? {}))[0];
    const where = parameter.in === "header" ? "headers" : (parameter.in as "path" | "query");
    if (where in request)
      request[where][parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name] = value;
  }
  const body = resolve<Node>(document, entry.operation.requestBody);
  const media = body?.content ? (body.content["application/json"] ?? Object.values<Node>(body.content)[0]) : undefined;
  if (media) request.body = examplesOf(document, media)[0];
  return request;
}
