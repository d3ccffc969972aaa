// The upload limits reader, on the committed upload bundle and on copies of it with the size limits
// by media type changed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadSpec, operationsOf } from "./model.mjs";
import { uploadLimitsOf } from "./upload-limits.mjs";

const EXTENSION = "x-xads-max-bytes-by-media-type";
const MB = 1_048_576;
const bundle = loadSpec().document("upload").bundle();

/**
 * The limits of a bundle of the upload document.
 * @param {import("./operations.mjs").Node} document
 */
const limitsOf = (document) =>
  uploadLimitsOf(document, operationsOf("upload", document)) ?? assert.fail("no APPEND command found");

/**
 * The limits of a copy of the upload bundle whose INIT `total_bytes` carries `limits` (none: undefined).
 * @param {unknown} limits
 */
function limitsWith(limits) {
  const copy = structuredClone(bundle);
  const totalBytes = copy.components.schemas.InitCommand.properties.total_bytes;
  if (limits === undefined) delete totalBytes[EXTENSION];
  else totalBytes[EXTENSION] = limits;
  return limitsOf(copy);
}

describe("the upload limits", () => {
  it("read the size limits by media type, in order, with the chunk, segment and owner limits", () => {
    assert.deepEqual(limitsOf(bundle), {
      maxChunkBytes: 5 * MB,
      maxSegments: 1000,
      maxAdditionalOwners: 100,
      maxBytesByMediaType: [
        { mediaType: "video/*", maxBytes: 500 * MB },
        { mediaType: "image/gif", maxBytes: 15 * MB },
        { mediaType: "image/*", maxBytes: 5 * MB },
      ],
    });
  });

  it("are the figures the document's prose gives in MB", () => {
    const description = String(bundle.info.description);
    const prose = /promoted video at most 10 minutes and (\d+) MB; images (\d+) MB; animated GIFs (\d+) MB/.exec(
      description,
    );
    assert.ok(prose, "the document's description no longer states the limits in MB");
    const [video, image, gif] = prose.slice(1).map((figure) => Number(figure) * MB);
    assert.deepEqual(
      limitsOf(bundle).maxBytesByMediaType.map((l) => l.maxBytes),
      [video, gif, image],
    );
  });

  it("put the same list on the v2 initialize request", () => {
    const [operation] = operationsOf("upload", bundle).filter((o) => o.id === "initializeMediaUpload");
    const schema = /** @type {{ properties: Record<string, Record<string, unknown>> }} */ (
      operation?.requestBody?.schema
    );
    assert.deepEqual(
      schema.properties.total_bytes?.[EXTENSION],
      bundle.components.schemas.InitCommand.properties.total_bytes[EXTENSION],
    );
  });

  it("refuse a missing or malformed list, naming the problem", () => {
    const entry = (/** @type {unknown} */ mediaType, /** @type {unknown} */ maxBytes) => ({ mediaType, maxBytes });
    assert.throws(() => limitsWith(undefined), /INIT total_bytes has no x-xads-max-bytes-by-media-type/);
    assert.throws(() => limitsWith([]), /is not a non-empty list/);
    assert.throws(() => limitsWith({ "video/*": 1 }), /is not a non-empty list/);
    assert.throws(() => limitsWith([{ mediaType: "video/*" }]), /entry 0 is not \{mediaType, maxBytes\}/);
    assert.throws(() => limitsWith([{ ...entry("video/*", 1), note: "x" }]), /entry 0 is not \{mediaType, maxBytes\}/);
    assert.throws(() => limitsWith([entry("Video/*", 1)]), /entry 0: mediaType "Video\/\*" is not type\/subtype/);
    assert.throws(() => limitsWith([entry("video", 1)]), /entry 0: mediaType "video" is not/);
    assert.throws(() => limitsWith([entry("*/*", 1)]), /entry 0: mediaType "\*\/\*" is not/);
    assert.throws(() => limitsWith([entry("video/*", 0)]), /entry 0 \(video\/\*\): maxBytes is not a positive integer/);
    assert.throws(() => limitsWith([entry("video/*", "500 MB")]), /maxBytes is not a positive integer/);
    assert.throws(() => limitsWith([entry("video/*", 1.5)]), /maxBytes is not a positive integer/);
  });

  it("refuse an entry an earlier one always matches first", () => {
    assert.throws(
      () =>
        limitsWith([
          { mediaType: "image/*", maxBytes: 5 },
          { mediaType: "image/gif", maxBytes: 15 },
        ]),
      /entry 1 \(image\/gif\) is never reached: entry 0 \(image\/\*\) matches first/,
    );
    assert.throws(
      () =>
        limitsWith([
          { mediaType: "image/png", maxBytes: 5 },
          { mediaType: "image/png", maxBytes: 6 },
        ]),
      /entry 1 \(image\/png\) is never reached/,
    );
    assert.deepEqual(
      limitsWith([
        { mediaType: "image/gif", maxBytes: 15 },
        { mediaType: "image/*", maxBytes: 5 },
        { mediaType: "imagex/*", maxBytes: 1 },
      ]).maxBytesByMediaType.map((l) => l.mediaType),
      ["image/gif", "image/*", "imagex/*"],
    );
  });
});
