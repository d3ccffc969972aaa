// The parameters a signature covers (RFC 5849 section 3.4.1.3): the query, a form body and the
// header's oauth_* parameters, kept apart by source so that verification and the hints can count them
// the ways clients do.
import { formPairs, oauthPairs, type Pair, parameterString } from "./oauth1.js";

export interface SignedParams {
  /** The query string without its `?`, as sent. */
  queryText: string;
  /** The form body as sent ("" without one). */
  formText: string;
  query: Pair[];
  form: Pair[];
  oauth: Pair[];
}

export function signedParams(url: URL, form: string, oauth: Record<string, string>): SignedParams {
  const queryText = url.search.replace(/^\?/, "");
  return {
    queryText,
    formText: form,
    query: formPairs(queryText),
    form: formPairs(form),
    oauth: oauthPairs(oauth).filter(([key]) => key.startsWith("oauth_")),
  };
}

/**
 * The header's oauth_* pairs that also travel, with the same value, in the query or the form body.
 * twitter-api-v2's `login` sends `oauth_token` in both and signs it once (it merges the header's
 * parameters and the body's into one map by name).
 */
export function repeatedOAuth(params: SignedParams): Pair[] {
  const elsewhere = new Map<string, Set<string>>();
  for (const [key, value] of [...params.query, ...params.form]) {
    if (!key.startsWith("oauth_")) continue;
    const values = elsewhere.get(key) ?? new Set<string>();
    values.add(value);
    elsewhere.set(key, values);
  }
  return params.oauth.filter(([key, value]) => elsewhere.get(key)?.has(value));
}

/**
 * The parameter strings a signature is accepted for: every pair counted (RFC 5849), then, when the
 * header repeats a query or form pair, that pair counted once.
 */
export function acceptedParameterStrings(params: SignedParams): string[] {
  const all = [...params.query, ...params.form, ...params.oauth];
  const repeated = new Set(repeatedOAuth(params));
  if (repeated.size === 0) return [parameterString(all)];
  return [
    parameterString(all),
    parameterString([...params.query, ...params.form, ...params.oauth.filter((pair) => !repeated.has(pair))]),
  ];
}
