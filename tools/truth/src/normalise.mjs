// Transformers applied when COMPARING recordings (never to the files): ids become `id#N` in the
// order they first appear, times become `<time>`, so two recordings of the same flow compare equal
// whatever ids the API issued and whenever they ran.
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/;
const ID_KEY = /^(id|id_str|.*_id|.*_ids|next_cursor|previous_cursor|cursor|media_key|card_uri)$/;
const CREDENTIAL_KEY = /^(oauth_token|oauth_token_secret|oauth_verifier|access_token|oauth_callback_confirmed_token)$/;
/** A credential named in a text (a callback URL in a page, a form answer). */
export const CREDENTIAL_IN_TEXT = /\b(oauth_token|oauth_token_secret|oauth_verifier|access_token)=([^&"'\s;<]+)/g;
const TIME_KEY = /(_at|_time|_timestamp)$/;
const TIME_HEADERS = new Set(["x-rate-limit-reset", "x-account-rate-limit-reset", "date", "retry-after"]);

export class IdNames {
  /** @type {Map<string, string>} */
  names = new Map();
  /** @param {string} value */
  name(value) {
    let named = this.names.get(value);
    if (!named) {
      named = `id#${this.names.size + 1}`;
      this.names.set(value, named);
    }
    return named;
  }
  /** Every id met so far, replaced in a text (a path, a query). @param {string} text */
  inText(text) {
    let out = text;
    for (const [value, named] of [...this.names].sort((a, b) => b[0].length - a[0].length))
      if (value.length >= 3) out = out.split(value).join(named);
    return out;
  }
}

/** @param {unknown} value @param {IdNames} ids @param {string} [key] @returns {unknown} */
export function normaliseValue(value, ids, key = "") {
  if (Array.isArray(value)) return value.map((item) => normaliseValue(item, ids, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseValue(v, ids, k)]));
  if (typeof value === "string" && ISO_TIME.test(value)) return "<time>";
  if (typeof value === "string" && CREDENTIAL_KEY.test(key)) return "<credential>";
  if (typeof value === "string") return value.replace(CREDENTIAL_IN_TEXT, "$1=<credential>");
  if ((typeof value === "string" || typeof value === "number") && ID_KEY.test(key) && value !== "")
    return ids.name(String(value));
  if (typeof value === "number" && TIME_KEY.test(key)) return "<time>";
  return value;
}

/** @param {string} name @param {string} value @param {IdNames} ids */
export function normaliseHeader(name, value, ids) {
  return TIME_HEADERS.has(name.toLowerCase())
    ? "<time>"
    : ids.inText(value.replace(CREDENTIAL_IN_TEXT, "$1=<credential>"));
}

/**
 * The path of a request with its path parameters named as ids (the template's `{..._id}` values).
 * @param {string} path @param {Record<string, string>} params @param {IdNames} ids
 */
export function normalisePath(path, params, ids) {
  for (const value of Object.values(params)) if (value) ids.name(value);
  return ids.inText(path);
}
