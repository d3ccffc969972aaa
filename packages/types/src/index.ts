// One namespace per document of spec/documents.json, each holding openapi-typescript's `paths`,
// `operations` and `components` (and `webhooks`) for it. Types only: the built index.js is empty.

/** Event types of the activity subscription interface. */
export type * as Activity from "./generated/activity.js";
/** Types of the Ads API v12. */
export type * as Ads from "./generated/ads.js";
/** Types of the authentication host: `paths`, `components`, `operations`. */
export type * as Auth from "./generated/auth.js";
/** Types of the tailored-audience permissions v5. */
export type * as TailoredAudiences from "./generated/tailored-audiences.js";
/** Types of the media upload host. */
export type * as Upload from "./generated/upload.js";
