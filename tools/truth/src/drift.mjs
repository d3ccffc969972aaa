// The drift report: every recorded answer checked against the documents. Each finding names the
// request (entry number, method, path), its class, and the spec file and line to change.

import { specLineOf } from "@xads/spec/lib/operation-sources.mjs";
import { undocumentedFields } from "@xads/spec/lib/undocumented-fields.mjs";
import { getOperation } from "@xads/validator";
import { isIgnoredHeader } from "./headers.mjs";
import { operationOf, responseOf } from "./operations.mjs";
import { bodyOf } from "./recordings.mjs";

/**
 * @typedef {"undocumented-operation" | "undocumented-status" | "undocumented-field" | "unlisted-enum-value"
 *   | "missing-field" | "schema" | "documented-header-missing" | "undocumented-header"} DriftKind
 * @typedef {object} DriftFinding
 * @property {DriftKind} kind
 * @property {string | null} operationId
 * @property {number} entry 1-based
 * @property {string} method
 * @property {string} path
 * @property {number} status
 * @property {string} where the field, header or status
 * @property {string} message
 * @property {{ file: string, line: number } | undefined} spec where to change the spec
 */

export const DRIFT_KINDS = /** @type {const} */ ([
  "undocumented-operation",
  "undocumented-status",
  "undocumented-field",
  "unlisted-enum-value",
  "missing-field",
  "schema",
  "documented-header-missing",
  "undocumented-header",
]);

/** @param {string} message @returns {DriftKind} */
const kindOfSchemaError = (message) =>
  /\(enum\)$/.test(message) ? "unlisted-enum-value" : /is required/.test(message) ? "missing-field" : "schema";

/**
 * @param {import("@xads/emulator").HarEntry} entry @param {number} index
 * @returns {DriftFinding[]}
 */
export function driftOfEntry(entry, index) {
  const url = new URL(entry.request.url);
  const status = entry.response.status;
  const base = { entry: index + 1, method: entry.request.method, path: `${url.pathname}${url.search}`, status };
  if (entry._xads?.dropped || status === 0) return [];
  const found = operationOf(entry);
  if (!found)
    return [
      {
        ...base,
        kind: "undocumented-operation",
        operationId: null,
        where: `${entry.request.method} ${url.pathname}`,
        message: `no operation of the documents is ${entry.request.method} ${url.pathname}`,
        spec: undefined,
      },
    ];
  const { op } = found;
  /** @param {DriftKind} kind @param {string} where @param {string} message @param {boolean} [schema] @returns {DriftFinding} */
  const finding = (kind, where, message, schema = false) => ({
    ...base,
    kind,
    operationId: op.id,
    where,
    message,
    spec: op.file ? { file: op.file, line: specLineOf(op.file, String(status), { schema }) } : undefined,
  });
  const response = responseOf(op, status);
  if (!response) return [finding("undocumented-status", String(status), `${op.id} documents no ${status} answer`)];
  /** @type {DriftFinding[]} */
  const findings = [];
  const body = bodyOf(entry);
  if (response.schema && body !== undefined) {
    let validator;
    try {
      validator = getOperation(op.id);
    } catch {
      validator = undefined;
    }
    const checked = validator?.validateResponse(status, entry.response.content.text ?? "", { strict: true });
    if (checked && !checked.valid)
      for (const error of checked.errors)
        findings.push(finding(kindOfSchemaError(error.message), error.parameter, error.message, true));
    for (const field of undocumentedFields(op.bundle, response.schema, body))
      findings.push(
        finding("undocumented-field", field, `${field} is not in the schema of ${op.id} ${response.status}`, true),
      );
  }
  const present = entry.response.headers.map((h) => h.name.toLowerCase()).filter((name) => !isIgnoredHeader(name));
  // A header the document leaves optional (OpenAPI's default) may be absent: only required ones are missed.
  for (const name of response.requiredHeaders)
    if (!isIgnoredHeader(name) && !present.includes(name))
      findings.push(
        finding(
          "documented-header-missing",
          name,
          `${name} is documented as required for ${op.id} ${response.status} but was not answered`,
        ),
      );
  for (const name of new Set(present))
    if (!response.headers.includes(name))
      findings.push(
        finding(
          "undocumented-header",
          name,
          `${name} was answered but ${op.id} ${response.status} does not document it`,
        ),
      );
  return findings;
}

/** @param {import("@xads/emulator").Recording} recording @returns {DriftFinding[]} */
export function driftOf(recording) {
  return recording.log.entries.flatMap((entry, index) => driftOfEntry(entry, index));
}
