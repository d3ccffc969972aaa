/** Types of the authentication host: `paths`, `components`, `operations`. */

/** Event types of the activity subscription interface. */
export type * as Activity from "./generated/activity.js";
/** Types of the Ads API v12. */
export type * as Ads from "./generated/ads.js";
export type * as Auth from "./generated/auth.js";
/** Types of the tailored-audience permissions v5. */
export type * as TailoredAudiences from "./generated/tailored-audiences.js";
/** Types of the media upload host. */
export type * as Upload from "./generated/upload.js";
