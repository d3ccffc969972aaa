// Picks the parameters an operation's code samples send. The example values themselves are the model's
// (`exampleOf` in spec/lib/examples.mjs, read into `parameter.example` and `requestBody.example`).

/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */
/** @typedef {import("@xads/spec/lib/model.mjs").Parameter} Parameter */

/**
 * The parameters a sample sends: every required one, and on writes the optional query parameters with an
 * example too (they show what the operation takes), leaving out any that an `exclusive` rule forbids
 * together with one already chosen.
 * @param {Pick<Operation, "method" | "parameters" | "rules">} operation
 * @returns {{ parameter: Parameter, value: unknown }[]}
 */
export function sampleParameters({ method, parameters, rules }) {
  const write = method !== "get" && method !== "delete";
  /** @type {Parameter[]} */
  const chosen = [];
  /** @type {string[][]} */
  const exclusive = rules.filter((r) => r.kind === "exclusive").map((r) => r.parameters);
  /** @param {Parameter} p */
  const conflicts = (p) =>
    exclusive.some(
      (group) =>
        group.includes(`${p.in}.${p.name}`) && chosen.some((c) => c !== p && group.includes(`${c.in}.${c.name}`)),
    );
  for (const p of parameters) {
    if (p.in === "cookie") continue;
    const wanted = p.required || (write && p.in === "query");
    if (!wanted) continue;
    if (p.example === undefined) continue;
    if (!p.required && conflicts(p)) continue;
    chosen.push(p);
  }
  return chosen.map((p) => ({ parameter: p, value: p.example }));
}

/**
 * The server an operation is called on: the first of its effective servers (the model's: its own, else
 * its path item's, else the document's).
 * @param {Pick<Operation, "servers">} operation
 * @returns {string}
 */
export function serverUrl(operation) {
  return operation.servers[0]?.url ?? "";
}
