// The hosts are the spec's servers, re-exported from the generated `@xads/types/facts`: never copied by
// hand. Each is one string constant there, so a bundle keeps only the hosts it uses.
export {
  /** Production host of the Ads API v12 and the tailored-audience permissions v5 (`https://ads-api.x.com`). */
  adsProductionServer as ADS_BASE_URL,
  /** The Ads API sandbox (`https://ads-api-sandbox.x.com`): same paths, free test accounts. */
  adsSandboxServer as ADS_SANDBOX_BASE_URL,
  /** Production host of the authentication endpoints (`https://api.x.com`). */
  authProductionServer as AUTH_BASE_URL,
  /** Host of the v1.1 chunked media upload (`https://upload.x.com`). */
  uploadProductionServer as UPLOAD_BASE_URL,
} from "@xads/types/facts";
