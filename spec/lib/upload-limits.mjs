// The limits of the chunked media upload (v1.1 `command=INIT|APPEND|FINALIZE`), read from the request
// bodies of the commands: bytes per APPEND chunk, segments per upload, user ids in INIT's
// `additional_owners`.
import { branchesOf, resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */
/** @typedef {import("./model.mjs").Operation} Operation */

/**
 * @typedef {object} UploadLimits
 * @property {number} maxChunkBytes
 * @property {number} maxSegments `segment_index` runs from 0 to `maxSegments - 1`
 * @property {number} maxAdditionalOwners
 */

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(`upload limits: ${message}`);
}

/**
 * The fields of the first request body branch (of allOf, oneOf, anyOf) that is `command`, resolved.
 * @param {Node} bundle
 * @param {Operation[]} operations
 * @param {string} command
 * @returns {Record<string, Node> | undefined}
 */
function commandFields(bundle, operations, command) {
  for (const operation of operations) {
    const schema = operation.requestBody?.schema;
    const branch = schema
      ? branchesOf(bundle, schema).find((node) => {
          const values = resolve(bundle, node.properties?.command)?.enum;
          return Array.isArray(values) && values.includes(command);
        })
      : undefined;
    if (branch)
      return Object.fromEntries(
        Object.entries(branch.properties ?? {}).map(([name, node]) => [name, resolve(bundle, node)]),
      );
  }
  return undefined;
}

/**
 * The limits, or undefined for a document without the APPEND command.
 * @param {Node} bundle
 * @param {Operation[]} operations
 * @returns {UploadLimits | undefined}
 */
export function uploadLimitsOf(bundle, operations) {
  const append = commandFields(bundle, operations, "APPEND");
  if (!append) return undefined;
  const segmentMax = append.segment_index?.maximum;
  if (typeof segmentMax !== "number") fail("APPEND segment_index has no maximum");
  // The chunk size is stated in bytes in the description of APPEND's `media` ("(5,242,880 bytes)").
  const chunkText = /\(([\d,]+) bytes\)/.exec(String(append.media?.description ?? ""))?.[1];
  if (!chunkText) fail('APPEND media description no longer states its size as "(N bytes)"');
  const init = commandFields(bundle, operations, "INIT") ?? fail("no request body schema is the INIT command");
  // additional_owners is a comma-separated list whose pattern bounds the repetitions: {0,99} is 100 ids.
  const ownersRepeat = /\{0,(\d+)\}\)?\$$/.exec(String(init.additional_owners?.pattern ?? ""))?.[1];
  if (!ownersRepeat) fail("INIT additional_owners pattern no longer bounds the ids with {0,N}");
  return {
    maxChunkBytes: Number(chunkText.replaceAll(",", "")),
    maxSegments: segmentMax + 1,
    maxAdditionalOwners: Number(ownersRepeat) + 1,
  };
}
