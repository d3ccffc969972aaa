// The limits of the chunked media upload (v1.1 `command=INIT|APPEND|FINALIZE`), read from the request
// bodies of the commands: bytes per APPEND chunk, segments per upload, user ids in INIT's
// `additional_owners`, and the largest file per media type (`x-xads-max-bytes-by-media-type` on INIT's
// `total_bytes`, README.md).
import { branchesOf, resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */
/** @typedef {import("./model.mjs").Operation} Operation */

/**
 * @typedef {object} UploadLimits
 * @property {number} maxChunkBytes
 * @property {number} maxSegments `segment_index` runs from 0 to `maxSegments - 1`
 * @property {number} maxAdditionalOwners
 * @property {MediaTypeSizeLimit[]} maxBytesByMediaType in order: a media type takes the first entry it matches
 */

/**
 * @typedef {object} MediaTypeSizeLimit
 * @property {string} mediaType `type/subtype`, or `type/*` for every subtype of `type`
 * @property {number} maxBytes
 */

const SIZE_EXTENSION = "x-xads-max-bytes-by-media-type";
/** Lower case, as the entries are written; a request's media type is compared without regard to case. */
const MEDIA_TYPE_RULE = /^[a-z]+\/(\*|[a-z0-9.+-]+)$/;

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
 * Whether entry `earlier` matches every media type entry `later` does, so that `later` is never reached.
 * @param {string} earlier
 * @param {string} later
 */
const covers = (earlier, later) =>
  earlier === later || (earlier.endsWith("/*") && later.startsWith(earlier.slice(0, -1)));

/**
 * The size limits by media type of INIT's `total_bytes`, checked: a non-empty list of
 * `{mediaType, maxBytes}` in which every entry can be reached.
 * @param {Node | undefined} totalBytes INIT's `total_bytes`, resolved
 * @returns {MediaTypeSizeLimit[]}
 */
function sizeLimitsOf(totalBytes) {
  const where = `INIT total_bytes ${SIZE_EXTENSION}`;
  const list = totalBytes?.[SIZE_EXTENSION];
  if (list === undefined) fail(`INIT total_bytes has no ${SIZE_EXTENSION}`);
  if (!Array.isArray(list) || list.length === 0) fail(`${where} is not a non-empty list`);
  /** @type {MediaTypeSizeLimit[]} */
  const limits = [];
  list.forEach((entry, i) => {
    const keys = entry && typeof entry === "object" ? Object.keys(entry).sort().join(",") : "";
    if (keys !== "maxBytes,mediaType") fail(`${where} entry ${i} is not {mediaType, maxBytes}`);
    const { mediaType, maxBytes } = entry;
    if (typeof mediaType !== "string" || !MEDIA_TYPE_RULE.test(mediaType))
      fail(`${where} entry ${i}: mediaType ${JSON.stringify(mediaType)} is not type/subtype or type/* in lower case`);
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1)
      fail(`${where} entry ${i} (${mediaType}): maxBytes is not a positive integer`);
    const shadow = limits.findIndex((earlier) => covers(earlier.mediaType, mediaType));
    if (shadow !== -1)
      fail(
        `${where} entry ${i} (${mediaType}) is never reached: entry ${shadow} (${limits[shadow]?.mediaType}) matches first`,
      );
    limits.push({ mediaType, maxBytes });
  });
  return limits;
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
    maxBytesByMediaType: sizeLimitsOf(init.total_bytes),
  };
}
