// The upload host reads a media category whatever its case and underscores (the upload document's
// MediaCategorySpelling): `TweetVideo`, `TWEET_VIDEO` and `tweet_video` are one category. The emulator
// keeps each in the facts file's snake_case spelling, the one MediaCategory lists.

/** A category in snake_case: CamelCase words split by underscores, then lower case. */
export function canonicalCategory(value: string): string {
  return value.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}
