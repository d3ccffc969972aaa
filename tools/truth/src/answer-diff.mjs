// How two normalised answers differ, field by field: a field only one has, a value that differs, a
// list of another length, or the same records in another order.

/**
 * @typedef {object} FieldDifference
 * @property {string} field `response.status`, `response.headers (x-rate-limit-limit)`, `body data[0].name`
 * @property {string} recorded
 * @property {string} replayed
 */

const shown = (/** @type {unknown} */ value) => (value === undefined ? "(absent)" : JSON.stringify(value));

/** @param {unknown[]} list */
const idsOf = (list) =>
  list.every((item) => item && typeof item === "object" && "id" in item)
    ? list.map((item) => /** @type {any} */ (item).id)
    : undefined;

/** @param {unknown} a @param {unknown} b @param {string} path @param {FieldDifference[]} out */
export function bodyDifferences(a, b, path, out) {
  if (Array.isArray(a) && Array.isArray(b)) {
    const left = idsOf(a);
    const right = idsOf(b);
    if (
      left &&
      right &&
      left.length === right.length &&
      left.join() !== right.join() &&
      [...left].sort().join() === [...right].sort().join()
    ) {
      out.push({ field: `body ${path} (order)`, recorded: left.join(", "), replayed: right.join(", ") });
      return;
    }
    if (a.length !== b.length)
      out.push({ field: `body ${path} (length)`, recorded: String(a.length), replayed: String(b.length) });
    for (let i = 0; i < Math.min(a.length, b.length); i++) bodyDifferences(a[i], b[i], `${path}[${i}]`, out);
    return;
  }
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const child = path ? `${path}.${key}` : key;
      const left = /** @type {Record<string, unknown>} */ (a)[key];
      const right = /** @type {Record<string, unknown>} */ (b)[key];
      if (!(key in a) || !(key in b))
        out.push({ field: `body ${child}`, recorded: shown(left), replayed: shown(right) });
      else bodyDifferences(left, right, child, out);
    }
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b))
    out.push({ field: `body ${path || "(whole)"}`, recorded: shown(a), replayed: shown(b) });
}

/**
 * @param {{ status: number, headers: Map<string, string>, body: unknown }} recorded
 * @param {{ status: number, headers: Map<string, string>, body: unknown }} replayed
 * @returns {FieldDifference[]}
 */
export function answerDifferences(recorded, replayed) {
  if (recorded.status !== replayed.status)
    return [{ field: "response.status", recorded: String(recorded.status), replayed: String(replayed.status) }];
  /** @type {FieldDifference[]} */
  const out = [];
  for (const name of new Set([...recorded.headers.keys(), ...replayed.headers.keys()])) {
    const left = recorded.headers.get(name);
    const right = replayed.headers.get(name);
    if (left !== right)
      out.push({ field: `response.headers (${name})`, recorded: left ?? "(absent)", replayed: right ?? "(absent)" });
  }
  bodyDifferences(recorded.body, replayed.body, "", out);
  return out;
}
