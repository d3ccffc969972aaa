// @xads/oauth1: the OAuth 1.0a primitives the client signs with and the emulator verifies with, in
// plain JavaScript (no Node built-in, no Web Crypto), so both run on every runtime. See README.md.
export { constantTimeEqual } from "./constant-time.js";
export { hmacSha1, hmacSha1Base64 } from "./hmac-sha1.js";
export { formDecode, parseFormPairs, percentEncode, percentEncodeTwice } from "./percent-encode.js";
