// The documented rate-limit windows (README.md, "x-xads-rate-limits"): a document's root declares
// them in `x-xads-rate-limits`; this reader gives the windows and, per operation, the windows that can
// govern it, in the order they are tried. The emulator enforces them and the client schedules by them
// (both through generated tables), so the figures live in the spec alone.
import { resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */
/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").Operation} Operation */

/**
 * @typedef {object} RateLimitWindow
 * @property {string} name
 * @property {string} description
 * @property {number} limit requests per window
 * @property {number} seconds the window's length
 * @property {"operation" | "window"} scope `operation`: each operation is counted on its own;
 *   `window`: every operation the window governs is counted together
 * @property {{ operations?: string[], methods?: string[], query?: Record<string, string>, accountId?: boolean }} governs
 */

/**
 * @typedef {object} OperationRateLimit
 * @property {string} document
 * @property {string} operationId
 * @property {string} method upper case
 * @property {string} path
 * @property {Array<{ window: string, query?: Record<string, string> }>} windows the candidates in order:
 *   a request takes the first whose `query` (if any) it carries; the last has none
 * @property {boolean} accountLevel the success response declares `x-account-rate-limit-limit` and the
 *   path has an account id: the account-level window governs
 */

const SCOPES = ["operation", "window"];

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(`x-xads-rate-limits: ${message}`);
}

/**
 * The windows a document's root declares, checked; undefined when it declares none.
 * @param {Node} bundle
 * @returns {{ description: string, windows: RateLimitWindow[] } | undefined}
 */
export function rateLimitWindowsOf(bundle) {
  const raw = bundle["x-xads-rate-limits"];
  if (raw === undefined) return undefined;
  const root = resolve(bundle, raw);
  if (!Array.isArray(root?.windows)) fail("needs a `windows` list");
  const names = new Set();
  const windows = root.windows.map((/** @type {Node} */ node) => {
    const w = resolve(bundle, node);
    if (typeof w.name !== "string" || names.has(w.name)) fail(`window names must be unique strings (${w.name})`);
    names.add(w.name);
    if (!Number.isInteger(w.limit) || w.limit < 1) fail(`${w.name}.limit must be a positive integer`);
    if (!Number.isInteger(w.seconds) || w.seconds < 1) fail(`${w.name}.seconds must be a positive integer`);
    if (!SCOPES.includes(w.scope)) fail(`${w.name}.scope must be one of ${SCOPES.join(", ")}`);
    if (typeof w.governs !== "object" || w.governs === null) fail(`${w.name}.governs must be an object`);
    return /** @type {RateLimitWindow} */ ({
      name: w.name,
      description: String(w.description ?? "").trim(),
      limit: w.limit,
      seconds: w.seconds,
      scope: w.scope,
      governs: w.governs,
    });
  });
  return { description: String(root.description ?? "").trim(), windows };
}

/**
 * The candidate windows of one operation, or an empty list when none governs it.
 * @param {RateLimitWindow[]} windows
 * @param {Operation} operation
 * @returns {OperationRateLimit["windows"]}
 */
function candidatesOf(windows, operation) {
  const method = operation.method.toUpperCase();
  const accountId = operation.parameters.some((p) => p.in === "path" && p.name === "account_id");
  const query = new Set(operation.parameters.filter((p) => p.in === "query").map((p) => p.name));
  /** @type {OperationRateLimit["windows"]} */
  const out = [];
  for (const w of windows) {
    const g = w.governs;
    if (g.operations && !g.operations.includes(operation.id)) continue;
    if (g.methods && !g.methods.includes(method)) continue;
    if (g.accountId !== undefined && g.accountId !== accountId) continue;
    if (g.query) {
      // A window chosen by a query parameter applies where the operation takes that parameter.
      if (Object.keys(g.query).every((name) => query.has(name))) out.push({ window: w.name, query: g.query });
      continue;
    }
    out.push({ window: w.name });
    break;
  }
  return out.at(-1)?.query ? [] : out;
}

/**
 * Every operation of the documents that declare windows, with its candidate windows.
 * @param {Spec} spec
 * @returns {{ description: string, windows: RateLimitWindow[], operations: OperationRateLimit[] }}
 */
export function rateLimitsOf(spec) {
  /** @type {{ description: string, windows: RateLimitWindow[] } | undefined} */
  let declared;
  /** @type {OperationRateLimit[]} */
  const operations = [];
  for (const document of spec.documents) {
    const own = rateLimitWindowsOf(document.bundle());
    if (!own) continue;
    if (declared && JSON.stringify(declared) !== JSON.stringify(own))
      fail(`${document.name} declares other windows than another document: share one file`);
    declared = own;
    for (const op of document.operations()) {
      const windows = candidatesOf(own.windows, op);
      if (windows.length === 0) continue;
      const success = op.responses.find((r) => /^2/.test(r.status));
      const accountLevel =
        op.parameters.some((p) => p.in === "path" && p.name === "account_id") &&
        Object.keys(success?.headers ?? {}).includes("x-account-rate-limit-limit");
      operations.push({
        document: document.name,
        operationId: op.id,
        method: op.method.toUpperCase(),
        path: op.path,
        windows,
        accountLevel,
      });
    }
  }
  if (!declared) fail("no document declares the windows");
  return { ...declared, operations };
}
