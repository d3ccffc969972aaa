/** Production host of the authentication endpoints (and of the v2 media upload endpoints). */
export const AUTH_BASE_URL = "https://api.x.com";
/** Production host of the Ads API (v12) and the tailored-audience permissions (v5). */
export const ADS_BASE_URL = "https://ads-api.x.com";
/** The Ads API sandbox: same paths, free test accounts. */
export const ADS_SANDBOX_BASE_URL = "https://ads-api-sandbox.x.com";
/** Host of the v1.1 chunked media upload. */
export const UPLOAD_BASE_URL = "https://upload.x.com";
