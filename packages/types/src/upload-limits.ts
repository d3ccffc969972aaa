// The largest file of a media type: one rule for the emulator's INIT, the client's upload helper and the
// reference site's upload panel. The upload document lists the limits in order
// (`uploadLimits.maxBytesByMediaType` of ./facts); a media type takes the first entry it matches, where
// `type/*` matches every subtype of `type`. MIME types are compared without regard to case (RFC 2045).
import { uploadLimits } from "./generated/facts.js";

/** One entry of the list: `mediaType` is `type/subtype`, or `type/*` for every subtype of `type`. */
export interface MediaTypeSizeLimit {
  readonly mediaType: string;
  readonly maxBytes: number;
}

const matches = (rule: string, mediaType: string) =>
  rule.endsWith("/*") ? mediaType.startsWith(rule.slice(0, -1)) : mediaType === rule;

/**
 * The entry that governs a media type (`video/mp4`: `video/*`), or undefined when none matches: the
 * document states no limit for that type. `limits` defaults to the upload document's.
 */
export function sizeLimitOf(
  mediaType: string,
  limits: readonly MediaTypeSizeLimit[] = uploadLimits.maxBytesByMediaType,
): MediaTypeSizeLimit | undefined {
  const type = mediaType.toLowerCase();
  return limits.find((limit) => matches(limit.mediaType.toLowerCase(), type));
}

/** The most bytes a file of this media type may have, or undefined when the document states no limit for it. */
export function maxBytesOf(mediaType: string): number | undefined {
  return sizeLimitOf(mediaType)?.maxBytes;
}
