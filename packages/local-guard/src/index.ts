export { isLoopbackAddress, isLoopbackHost, isWildcardHost, ownHostNames, urlHostname } from "./addresses.js";
export { BodyTooLarge, declaredLength, readBodyWithin } from "./body.js";
export type { DoorOptions, DoorVerdict, Knock } from "./door.js";
export { createDoor } from "./door.js";
export type { Authority } from "./host-header.js";
export { parseAuthority, requestUrl } from "./host-header.js";
export { newToken, sameToken } from "./secret.js";
