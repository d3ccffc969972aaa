// After a signature failed, and only then: which signature the client made. The mistakes clients make
// are tried in order of how many they assume (one in the URL, one in the parameters, then one of
// each), within a fixed budget of HMACs, and the first variant that reproduces the client's signature
// is named. The text names URLs and parameter names, never a value, a key, a secret or a signature.
import { baseUrl, encodePairs, formPairs, joinEncoded, type Pair, percentEncode } from "./oauth1.js";
import { repeatedOAuth, type SignedParams } from "./signed-params.js";

/** At most this many signatures are computed for one hint. */
export const MAX_HINT_SIGNATURES = 200;
/** Query parameters beyond this many are not left out or doubled one by one. */
export const MAX_HINT_QUERY_PARAMETERS = 20;
/** A request with more parameters than this (a large form) gets no variants: each would sort them all. */
export const MAX_HINT_PARAMETERS = 500;

export interface HintInput {
  method: string;
  /** The URL the request came in on. */
  url: URL;
  /** The base URLs a signature is accepted for, own first (signed-urls.ts). */
  accepted: readonly string[];
  params: SignedParams;
  /** The emulator's default port for the document (its local address), if any. */
  localPort?: number;
  /** Whether the client's signature is the one of this base string (one HMAC per call). */
  matches: (baseString: string) => boolean;
}

interface UrlVariant {
  base: string;
  /** How it differs from the URLs the emulator accepts. */
  label: string;
}

interface ParamVariant {
  /** The encoded pairs the client signed. */
  encoded: Pair[];
  /** What the client did, after "signed". */
  label: string;
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** A name or URL from the request, cut short and without control characters, for a message. */
function shown(text: string, max: number): string {
  const clean = text.replace(/[^\x20-\x7e\u00a0-\uffff]/g, "?");
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}

function urlVariants(url: URL, accepted: readonly string[], localPort: number | undefined): UrlVariant[] {
  const variants: UrlVariant[] = [];
  for (const base of accepted) {
    const parsed = new URL(base);
    const other = parsed.protocol === "https:" ? "http:" : "https:";
    const swapped = new URL(base);
    swapped.protocol = other;
    variants.push({
      base: baseUrl(swapped),
      label: `${other.slice(0, -1)} instead of ${parsed.protocol.slice(0, -1)}`,
    });
    if (parsed.port) {
      const portless = new URL(base);
      portless.port = "";
      variants.push({ base: baseUrl(portless), label: `without the port ${parsed.port}` });
    } else {
      // The default port written out, which the base URL leaves out (RFC 5849 section 3.4.1.2).
      const port = DEFAULT_PORTS[parsed.protocol];
      if (port)
        variants.push({
          base: `${parsed.protocol}//${parsed.hostname}:${port}${parsed.pathname}`,
          label: `with the default port ${port} written out`,
        });
    }
  }
  const local = LOOPBACK_NAMES.includes(url.hostname)
    ? LOOPBACK_NAMES.filter((name) => name !== url.hostname).map((name) => ({ name, port: url.port }))
    : localPort !== undefined
      ? LOOPBACK_NAMES.map((name) => ({ name, port: String(localPort) }))
      : [];
  for (const { name, port } of local)
    variants.push({
      base: `http://${name}${port ? `:${port}` : ""}${url.pathname}`,
      label: `the local host ${name}, not the host the request was sent to`,
    });
  const known = new Set(accepted);
  const unique = new Map<string, UrlVariant>();
  for (const variant of variants)
    if (!known.has(variant.base) && !unique.has(variant.base)) unique.set(variant.base, variant);
  return [...unique.values()];
}

/** `+` for a space, as form encoding writes it, where RFC 5849 wants `%20`. */
const plusForSpace = (text: string) => percentEncode(text).replace(/%20/g, "+");

/**
 * The parameter sets clients sign by mistake. `once` (a header pair that repeats a query or form pair,
 * counted once) is accepted on the accepted URLs, so it is tried only with the URL variants.
 */
function paramVariants(params: SignedParams): { once: ParamVariant | undefined; others: ParamVariant[] } {
  const { query, form, oauth } = params;
  const encoded = (...pairs: Pair[][]) => encodePairs(pairs.flat());
  const variants: ParamVariant[] = [];
  const add = (label: string, pairs: Pair[]) => variants.push({ label, encoded: pairs });
  const repeated = new Set(repeatedOAuth(params));
  const once =
    repeated.size > 0
      ? {
          label: `counting ${[...repeated].map(([key]) => shown(key, 64)).join(", ")} once (also sent in the query or form body)`,
          encoded: encoded(
            query,
            form,
            oauth.filter((p) => !repeated.has(p)),
          ),
        }
      : undefined;
  if (form.length > 0) add("without the form body", encoded(query, oauth));
  if (query.length > 1) add("without the query string", encoded(form, oauth));
  const spaced = (pairs: Pair[]) => pairs.some(([key, value]) => key.includes(" ") || value.includes(" "));
  if (spaced(query))
    add("with + for the spaces of the query (not %20)", [...encodePairs(query, plusForSpace), ...encoded(form, oauth)]);
  if (spaced(form))
    add("with + for the spaces of the form body (not %20)", [
      ...encodePairs(form, plusForSpace),
      ...encoded(query, oauth),
    ]);
  if (params.queryText.includes("+"))
    add("reading + in the query as a plus sign (on the wire it is a space)", [
      ...encodePairs(formPairs(params.queryText, false)),
      ...encoded(form, oauth),
    ]);
  if (params.formText.includes("+"))
    add("reading + in the form body as a plus sign (on the wire it is a space)", [
      ...encodePairs(formPairs(params.formText, false)),
      ...encoded(query, oauth),
    ]);
  const version = oauth.some(([key]) => key === "oauth_version");
  if (version)
    add(
      "without oauth_version",
      encoded(
        query,
        form,
        oauth.filter(([key]) => key !== "oauth_version"),
      ),
    );
  else
    add(
      "with oauth_version=1.0, which the header does not send",
      encoded(query, form, oauth, [["oauth_version", "1.0"]]),
    );
  if ([...query, ...form].some(([, value]) => value === ""))
    add(
      "without the parameters whose value is empty",
      encoded(query, form, oauth).filter(([, value]) => value !== ""),
    );
  const all = [...query, ...form, ...oauth];
  const byName = new Map<string, Pair>();
  for (const pair of all) if (!byName.has(pair[0])) byName.set(pair[0], pair);
  if (byName.size < all.length) add("counting each parameter name once", encodePairs([...byName.values()]));
  const considered = query.slice(0, MAX_HINT_QUERY_PARAMETERS);
  considered.forEach(([name], index) => {
    const rest = query.filter((_, i) => i !== index);
    add(`without the query parameter ${shown(name, 64)}`, encoded(rest, form, oauth));
  });
  considered.forEach((pair) => {
    add(`with the query parameter ${shown(pair[0], 64)} counted twice`, encoded(query, [pair], form, oauth));
  });
  return { once, others: variants };
}

/**
 * The variant of the request the client's signature matches, as a sentence for the 401 message and
 * the request log; or, when none does within the budget, what is left to check.
 */
export function signatureHint(input: HintInput): string {
  const { method, params } = input;
  if (params.query.length + params.form.length + params.oauth.length > MAX_HINT_PARAMETERS)
    return `the request has over ${MAX_HINT_PARAMETERS} parameters, too many to try signing mistakes on: compare your base string with the emulator's`;
  const accepted = input.accepted.map((base) => ({ base, label: "" }));
  const urls = urlVariants(input.url, input.accepted, input.localPort);
  const { once, others: variants } = paramVariants(params);
  const readings = [
    { label: "", encoded: encodePairs([...params.query, ...params.form, ...params.oauth]) },
    ...(once ? [once] : []),
  ];
  const tiers: Array<[Array<{ base: string; label: string }>, Array<{ label: string; encoded: Pair[] }>]> = [
    [urls, readings],
    [accepted, variants],
    [urls, variants],
  ];
  let tried = 0;
  for (const [bases, sets] of tiers) {
    // Parameter sets outermost: each mistake is tried on every URL before the next, rarer one.
    for (const set of sets) {
      const parameters = joinEncoded(set.encoded);
      for (const url of bases) {
        if (tried >= MAX_HINT_SIGNATURES) return noMatch(tried);
        tried++;
        if (!input.matches([method.toUpperCase(), percentEncode(url.base), percentEncode(parameters)].join("&")))
          continue;
        const where = `the URL ${shown(url.base, 300)}${url.label ? ` (${url.label})` : ""}`;
        return `your signature matches ${where}${set.label ? ` signed ${set.label}` : ""}`;
      }
    }
  }
  return noMatch(tried);
}

const noMatch = (tried: number) =>
  `your signature matches none of ${tried} common signing mistakes: check the consumer secret and the token secret`;
