import type { DoctorCheck } from "../finding.js";

const USER_BATCHES = new Set(["batchCustomAudienceUsers", "batchDoNotReachListUsers"]);
/** Every identifier key but `partner_user_id`, which is sent as it is. */
const HASHED_KEYS = ["email", "phone_number", "handle", "twitter_id", "device_id"];
const SHA256_HEX = /^[0-9a-f]{64}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The identifier keys whose values are not lower-case SHA-256 hex (never the values themselves). */
function unhashedKeys(body: string | undefined): { keys: Set<string>; upperCase: boolean } {
  const keys = new Set<string>();
  let upperCase = false;
  let items: unknown;
  try {
    items = JSON.parse(body ?? "");
  } catch {
    return { keys, upperCase };
  }
  for (const item of Array.isArray(items) ? items : []) {
    const users = isObject(item) && isObject(item.params) ? item.params.users : undefined;
    for (const user of Array.isArray(users) ? users : []) {
      if (!isObject(user)) continue;
      for (const key of HASHED_KEYS) {
        const values = user[key];
        for (const value of Array.isArray(values) ? values : []) {
          if (typeof value === "string" && SHA256_HEX.test(value)) continue;
          keys.add(key);
          if (typeof value === "string" && SHA256_HEX.test(value.toLowerCase())) upperCase = true;
        }
      }
    }
  }
  return { keys, upperCase };
}

export const unhashedUserIdentifiers: DoctorCheck = {
  id: "unhashed-user-identifiers",
  title: "audience user identifiers sent without SHA-256 hashing (or in upper-case hex)",
  rule: {
    source: 'facts file, "Audience user identifiers (hash before sending)"',
    text: "SHA-256, no salt, lower-case hex, applied to every identifier except `partner_user_id`",
  },
  detect({ exchange, operation }) {
    if (!operation || !USER_BATCHES.has(operation.id)) return undefined;
    const { keys, upperCase } = unhashedKeys(exchange.requestBody);
    if (keys.size === 0) return undefined;
    return {
      severity: "error",
      fix: `Normalise, then hash each ${[...keys].join(", ")} value with SHA-256 and send it as lower-case hex${upperCase ? " (some were hashed but upper-case)" : ""}; only partner_user_id goes as it is. Raw identifiers are personal data the API must never receive.`,
    };
  },
};
