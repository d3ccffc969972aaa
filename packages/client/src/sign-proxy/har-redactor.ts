// Redaction for the proxy's recordings. The proxy knows every credential it signs with (the
// configured four, the tokens it relays and the ones it sees issued), so it replaces them precisely:
// each value by a stand-in per kind (`redacted.token.1`), the same wherever it appears, as the
// emulator's flight recorder does; a signature and a nonce by `redacted` (they identify nothing).
export type CredentialKind = "consumer-key" | "secret" | "token" | "verifier" | "bearer";

const REDACTED = "redacted";
/** Shorter values are replaced only where named (a short test key would match ordinary words). */
const MIN_ANYWHERE = 8;
const ALWAYS_WHOLE = new Set(["cookie", "set-cookie", "proxy-authorization", "x-xads-proxy-token"]);
/** Named values in a query, a form, an OAuth header or a JSON body, and the kind of their stand-in. */
const NAMED: Readonly<Record<string, CredentialKind | "gone">> = {
  oauth_consumer_key: "consumer-key",
  oauth_token: "token",
  oauth_token_secret: "secret",
  oauth_verifier: "verifier",
  access_token: "bearer",
  oauth_signature: "gone",
  oauth_nonce: "gone",
};
const NAMED_PAIR = new RegExp(`\\b(${Object.keys(NAMED).join("|")})(="|=|"\\s*:\\s*")([^&"\\s,]*)`, "g");
const HEADER_KINDS: Readonly<Record<string, CredentialKind>> = {
  "x-xads-sign-token": "token",
  "x-xads-proxy-oauth-token": "token",
  "x-xads-proxy-oauth-verifier": "verifier",
};

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

export class HarRedactor {
  private readonly standIns = new Map<string, string>();
  private readonly counts = new Map<CredentialKind, number>();

  constructor(credentials: { consumerKey: string; consumerSecret: string; token: string; tokenSecret: string }) {
    this.standIn(credentials.consumerKey, "consumer-key");
    this.standIn(credentials.consumerSecret, "secret");
    this.standIn(credentials.token, "token");
    this.standIn(credentials.tokenSecret, "secret");
  }

  /** The value's stand-in, the same each time; its percent-encoded spelling gets the same one. */
  standIn(value: string, kind: CredentialKind): string {
    const plain = decoded(value);
    if (plain === "" || plain.startsWith(`${REDACTED}.`)) return value;
    const known = this.standIns.get(plain);
    if (known) return known;
    const count = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, count);
    const standIn = `${REDACTED}.${kind}.${count}`;
    for (const spelling of new Set([plain, encodeURIComponent(plain)])) this.standIns.set(spelling, standIn);
    return standIn;
  }

  /** Named credentials replaced by kind, then every value met so far wherever it appears. */
  text(text: string): string {
    const named = text.replace(NAMED_PAIR, (_whole, name: string, joint: string, value: string) => {
      const kind = NAMED[name];
      const out = kind === "gone" || !kind ? REDACTED : this.standIn(value, kind);
      return `${name}${joint}${value === "" ? "" : out}`;
    });
    return this.known(named);
  }

  header(name: string, value: string): string {
    const lower = name.toLowerCase();
    if (ALWAYS_WHOLE.has(lower)) return REDACTED;
    const kind = HEADER_KINDS[lower];
    if (kind) return this.standIn(value, kind);
    if (lower !== "authorization") return this.text(value);
    const [scheme = "", credential = ""] = value.split(/\s+(.*)/s);
    if (/^bearer$/i.test(scheme)) return `${scheme} ${this.standIn(credential, "bearer")}`;
    if (/^basic$/i.test(scheme)) return `${scheme} ${this.basic(credential)}`;
    return this.text(value);
  }

  private basic(encoded: string): string {
    const pair = Buffer.from(encoded, "base64").toString("utf8");
    const colon = pair.indexOf(":");
    if (colon < 0) return REDACTED;
    const key = this.standIn(pair.slice(0, colon), "consumer-key");
    const secret = this.standIn(pair.slice(colon + 1), "secret");
    return Buffer.from(`${key}:${secret}`).toString("base64");
  }

  private known(text: string): string {
    let out = text;
    // Longest first, so a value containing another is replaced whole.
    const values = [...this.standIns.keys()]
      .filter((value) => value.length >= MIN_ANYWHERE)
      .sort((a, b) => b.length - a.length);
    for (const value of values) if (out.includes(value)) out = out.split(value).join(this.standIns.get(value));
    return out;
  }
}
