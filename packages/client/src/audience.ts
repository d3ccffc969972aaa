// Normalise-and-hash helpers for custom-audience user identifiers: SHA-256 (Web Crypto), no salt,
// lower-case hex, for every identifier type except partner_user_id, which is sent as it is.
import type { Ads } from "@xads/types";

export type IdentifierType =
  | "email"
  | "phone_number"
  | "handle"
  | "twitter_id"
  | "idfa"
  | "android_id"
  | "partner_user_id";

/** A user element as the audience user endpoints take it: each key an array of identifiers (the ads document's `AudienceUser`). */
export type AudienceUser = Ads.components["schemas"]["AudienceUser"];

/** Raw identifiers of one user, before normalisation and hashing. Device ids say which kind they are. */
export interface RawAudienceUser {
  email?: readonly string[];
  phone_number?: readonly string[];
  handle?: readonly string[];
  twitter_id?: readonly string[];
  idfa?: readonly string[];
  android_id?: readonly string[];
  partner_user_id?: readonly string[];
}

function fail(type: IdentifierType, value: string, rule: string): never {
  throw new TypeError(`${type}: ${JSON.stringify(value)} ${rule}`);
}

/** Normalises one identifier as the API expects before hashing. Throws a TypeError naming the type and rule. */
export function normalizeIdentifier(type: IdentifierType, value: string): string {
  if (typeof value !== "string") throw new TypeError(`${type}: identifiers must be strings`);
  const trimmed = value.trim();
  if (trimmed === "") fail(type, value, "is empty");
  switch (type) {
    case "email": {
      const email = trimmed.toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) fail(type, value, "is not an email address (name@domain)");
      return email;
    }
    case "handle": {
      const handle = trimmed.replace(/^@/, "").toLowerCase();
      if (!/^[a-z0-9_]{1,15}$/.test(handle))
        fail(type, value, "is not a handle (1 to 15 letters, digits or _, optional leading @)");
      return handle;
    }
    case "phone_number": {
      const phone = trimmed.replace(/[\s().-]/g, "");
      if (!/^\+[1-9]\d{1,14}$/.test(phone))
        fail(type, value, "is not an E.164 number (+, country code, up to 15 digits)");
      return phone;
    }
    case "twitter_id":
      if (!/^\d+$/.test(trimmed)) fail(type, value, "is not a numeric user id");
      return trimmed;
    case "idfa": {
      const idfa = trimmed.toLowerCase();
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(idfa)) {
        fail(type, value, "is not an IDFA (a UUID with dashes)");
      }
      return idfa;
    }
    case "android_id":
      return trimmed.toLowerCase().replace(/[\s-]/g, "");
    case "partner_user_id":
      return value;
    default:
      throw new TypeError(`unknown identifier type ${JSON.stringify(type)}`);
  }
}

const encoder = new TextEncoder();

/** SHA-256 of a string's UTF-8 bytes, lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** Normalises and hashes one identifier (partner_user_id is returned as it is). */
export async function hashIdentifier(type: IdentifierType, value: string): Promise<string> {
  const normalized = normalizeIdentifier(type, value);
  return type === "partner_user_id" ? normalized : sha256Hex(normalized);
}

/** Normalises and hashes every identifier of one user into the element the user endpoints take. */
export async function hashAudienceUser(user: RawAudienceUser): Promise<AudienceUser> {
  const out: AudienceUser = {};
  const hashAll = (type: IdentifierType, values: readonly string[] | undefined) =>
    Promise.all((values ?? []).map((v) => hashIdentifier(type, v)));
  const [email, phone, handle, twitterId, idfa, androidId, partner] = await Promise.all([
    hashAll("email", user.email),
    hashAll("phone_number", user.phone_number),
    hashAll("handle", user.handle),
    hashAll("twitter_id", user.twitter_id),
    hashAll("idfa", user.idfa),
    hashAll("android_id", user.android_id),
    hashAll("partner_user_id", user.partner_user_id),
  ]);
  if (email.length) out.email = email;
  if (phone.length) out.phone_number = phone;
  if (handle.length) out.handle = handle;
  if (twitterId.length) out.twitter_id = twitterId;
  const devices = [...idfa, ...androidId];
  if (devices.length) out.device_id = devices;
  if (partner.length) out.partner_user_id = partner;
  return out;
}
