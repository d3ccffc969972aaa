// Which documented operation a recorded request is (by method and path template, as the client and
// the emulator route), and the spec's model of it: responses, their headers and schemas, its file.
import { loadCatalogue } from "@xads/spec/lib/catalogue.mjs";
import { operationFileOf } from "@xads/spec/lib/operation-sources.mjs";
import { templateMatcher } from "@xads/types/templates";

/**
 * @typedef {object} KnownOperation
 * @property {string} id
 * @property {string} document
 * @property {string} method upper case
 * @property {string} path the template
 * @property {Record<string, unknown>} bundle the document's bundle (for $refs)
 * @property {Array<{ status: string, headers: string[], requiredHeaders: string[], schema: any }>} responses
 *   `headers`: every documented header; `requiredHeaders`: those marked `required: true`
 * @property {string[]} ruleIds its x-rules ids
 * @property {string | undefined} file the operation's YAML file, relative to the repository
 */

/** @type {{ byId: Map<string, KnownOperation>, matcher: import("@xads/types/templates").TemplateMatcher<KnownOperation> } | undefined} */
let cached;

export function operations() {
  if (cached) return cached;
  const catalogue = loadCatalogue();
  /** @type {Map<string, KnownOperation>} */
  const byId = new Map();
  for (const document of catalogue.spec.documents) {
    const bundle = document.bundle();
    for (const op of document.operations()) {
      const known = catalogue.operations.find((c) => c.id === op.id);
      byId.set(op.id, {
        id: op.id,
        document: document.name,
        method: op.method.toUpperCase(),
        path: op.path,
        bundle,
        responses: op.responses.map((r) => ({
          status: r.status,
          headers: Object.keys(r.headers).map((h) => h.toLowerCase()),
          requiredHeaders: Object.entries(r.headers)
            .filter(([, header]) => header.required)
            .map(([h]) => h.toLowerCase()),
          schema: Object.values(r.media)[0]?.schema,
        })),
        ruleIds: (known?.rules ?? []).map((rule) => String(/** @type {any} */ (rule).id)),
        file: operationFileOf(document.name, op.method, op.path),
      });
    }
  }
  const matcher = templateMatcher([...byId.values()].map((op) => [`${op.method} ${op.path}`, op]));
  cached = { byId, matcher };
  return cached;
}

/**
 * The operation of a recorded request: its `_xads.operationId` when the emulator recorded it, else
 * the template its method and path match.
 * @param {import("@xads/emulator").HarEntry} entry
 */
export function operationOf(entry) {
  const { byId, matcher } = operations();
  const named = entry._xads?.operationId;
  const path = new URL(entry.request.url).pathname;
  const match = matcher.find(entry.request.method, path);
  const op = (named ? byId.get(named) : undefined) ?? match?.value;
  return op ? { op, params: match?.params ?? {} } : undefined;
}

/** The response a status selects: exact, then its range (`2XX`), then `default`. @param {KnownOperation} op @param {number} status */
export function responseOf(op, status) {
  const exact = op.responses.find((r) => r.status === String(status));
  return (
    exact ??
    op.responses.find((r) => r.status === `${String(status)[0]}XX`) ??
    op.responses.find((r) => r.status === "default")
  );
}
