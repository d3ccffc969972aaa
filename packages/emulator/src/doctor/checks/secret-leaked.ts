import type { DoctorCheck } from "../finding.js";

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

const holds = (text: string, secrets: readonly string[]) =>
  text !== "" && secrets.some((secret) => text.includes(secret) || decoded(text).includes(secret));

/**
 * The consumer secret or a token secret anywhere in the request but the signature it keys: the path,
 * the query, the body (text bodies: a multipart body's parts are not read), a header, or an
 * Authorization parameter. The finding names the place, never the value.
 */
export const secretLeaked: DoctorCheck = {
  id: "secret-leaked",
  title: "the consumer secret or a token secret sent in the request (URL, body, a header)",
  rule: {
    source: 'facts file, "OAuth 1.0a signing"',
    text: "Key: `enc(consumer_secret)&enc(token_secret)`: the secrets key the signature and are never sent",
  },
  detect({ exchange, url, oauth, secrets }) {
    const known = secrets();
    if (known.length === 0) return undefined;
    const places: string[] = [];
    if (holds(url.pathname, known)) places.push("the path");
    if (holds(url.search, known)) places.push("the query");
    if (holds(exchange.requestBody ?? "", known)) places.push("the body");
    for (const [name, value] of Object.entries(exchange.requestHeaders)) {
      // Basic credentials carry the consumer secret to the app-only token endpoints, as they must.
      if (name === "authorization") continue;
      if (holds(value, known)) places.push(`the ${name} header`);
    }
    for (const [name, value] of Object.entries(oauth ?? {}))
      if (name !== "oauth_signature" && holds(value, known)) places.push(`the Authorization parameter ${name}`);
    if (places.length === 0) return undefined;
    return {
      severity: "error",
      fix: `Never send a secret: it was in ${places.join(", ")}. Use it only to compute oauth_signature, keep it out of URLs, bodies, headers and logs, and revoke it (regenerate the keys) if the request went to a real host.`,
    };
  },
};
