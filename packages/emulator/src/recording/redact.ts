// What a recording keeps of credentials: never a value, but a stand-in per value and kind
// (`redacted.token.1`, `redacted.secret.2`), the same wherever the value appears, so that a replay can
// tell who signed what and which token an answer issued. Signatures and nonces become `redacted`: they
// identify nothing a replay needs. The same Redactor, fed the same exchanges in the same order, gives
// the same stand-ins: a replay redacts its own answers with it and compares them with the recorded ones.
import type { AuthState } from "../auth/state.js";
import { fromBase64, utf8Text } from "../bytes.js";
import type { Snapshot } from "../snapshot.js";

export type CredentialKind = "consumer-key" | "token" | "secret" | "bearer" | "verifier";

/** The stand-in of a value whose identity does not matter: a signature, a nonce, a control token. */
export const REDACTED = "redacted";
const STAND_IN = /^redacted(?:\.[a-z-]+\.\d+)?$/;
const STAND_IN_ANYWHERE = /redacted\.[a-z-]+\.\d+/g;

/**
 * A known value this long or longer is replaced wherever it appears (in a URL, a body, a header);
 * a shorter one (a 7-digit PIN) only where its name says what it is.
 */
const MIN_ANYWHERE = 8;

/** Parameter and field names whose value is a credential, and its kind (null: nothing to keep). */
const NAMED: ReadonlyMap<string, CredentialKind | null> = new Map([
  ["oauth_signature", null],
  ["oauth_nonce", null],
  ["oauth_consumer_key", "consumer-key"],
  ["oauth_token_secret", "secret"],
  ["oauth_token", "token"],
  ["oauth_verifier", "verifier"],
  ["access_token", "bearer"],
]);
const NAMES = [...NAMED.keys()].join("|");
/** `name="value"`: an OAuth Authorization header's parameters. */
const QUOTED = new RegExp(`(?<![\\w-])(${NAMES})="([^"]*)"`, "g");
/** `"name": "value"`: a JSON field. */
const JSON_FIELD = new RegExp(`"(${NAMES})"(\\s*:\\s*)"([^"\\\\]*)"`, "g");
/** `name=value` in a query, a form or a URL, or `name%3Dvalue` in an OAuth base string (up to `%26`). */
const PAIR = new RegExp(`(?<![\\w-])(${NAMES})(=|%3D)((?:(?!%26)[^&\\s"'<>#])*)`, "g");
/** The PIN of the auth host's out-of-band approval page. */
const PIN = /(<code id="oauth_pin">)(\d+)(<)/g;

/** Headers whose whole value is a secret of another kind. */
const SECRET_HEADERS = new Set(["x-xads-emulator-token", "cookie", "set-cookie", "proxy-authorization"]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

export class Redactor {
  /** Each credential value (and its percent-encoded spelling) -> its stand-in. */
  private readonly standIns = new Map<string, string>();
  /** Each stand-in -> the value it stands for. */
  private readonly values = new Map<string, string>();
  private readonly counts = new Map<CredentialKind, number>();
  private anywhere: RegExp | undefined;

  /** The stand-in of a credential value (a new one for a value not seen yet). */
  standIn(value: string, kind: CredentialKind): string {
    if (value === "" || value === REDACTED) return value;
    const known = this.standIns.get(value);
    if (known) return known;
    // A stand-in this Redactor gave (the text was redacted already): as it is.
    if (this.values.has(value)) return value;
    const count = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, count);
    const standIn = `redacted.${kind}.${count}`;
    for (const spelling of new Set([value, encodeURIComponent(value)])) this.standIns.set(spelling, standIn);
    this.values.set(standIn, value);
    this.anywhere = undefined;
    return standIn;
  }

  /** Text with every credential it shows replaced by its stand-in. */
  text(text: string): string {
    const anywhere = this.anywherePattern();
    let out = anywhere ? text.replace(anywhere, (value) => this.standIns.get(value) ?? value) : text;
    out = out.replace(QUOTED, (_, name: string, value: string) => `${name}="${this.named(name, value)}"`);
    out = out.replace(JSON_FIELD, (_, name: string, colon: string, value: string) => {
      return `"${name}"${colon}"${this.named(name, value)}"`;
    });
    out = out.replace(PAIR, (_, name: string, equals: string, value: string) => {
      return `${name}${equals}${this.named(name, value)}`;
    });
    return out.replace(PIN, (_, open: string, pin: string, close: string) => {
      return `${open}${this.standIn(pin, "verifier")}${close}`;
    });
  }

  /** A header's value, redacted by what the header is. */
  header(name: string, value: string): string {
    const lower = name.toLowerCase();
    if (SECRET_HEADERS.has(lower)) return REDACTED;
    if (lower !== "authorization") return this.text(value);
    if (/^OAuth\s/i.test(value)) return this.text(value);
    const bearer = /^Bearer\s+(\S+)$/i.exec(value);
    if (bearer?.[1]) return `Bearer ${this.standIn(bearer[1], "bearer")}`;
    const basic = /^Basic\s+(\S+)$/i.exec(value);
    if (basic?.[1]) return `Basic ${this.basic(basic[1])}`;
    return REDACTED;
  }

  /**
   * The snapshot with its credentials replaced (the applications' keys, secrets and bearer tokens,
   * the request and access tokens with their secrets and verifiers), and any of them its records show.
   */
  snapshot(snapshot: Snapshot): Snapshot {
    const { apps, requestTokens, accessTokens } = snapshot.auth;
    const auth: AuthState = {
      apps: Object.fromEntries(
        Object.entries(apps).map(([key, app]) => [
          this.standIn(key, "consumer-key"),
          {
            secret: this.standIn(app.secret, "secret"),
            bearer: app.bearer === null ? null : this.standIn(app.bearer, "bearer"),
            revokedBearers: app.revokedBearers.map((bearer) => this.standIn(bearer, "bearer")),
          },
        ]),
      ),
      requestTokens: Object.fromEntries(
        Object.entries(requestTokens).map(([token, entry]) => [
          this.standIn(token, "token"),
          {
            secret: this.standIn(entry.secret, "secret"),
            consumerKey: this.standIn(entry.consumerKey, "consumer-key"),
            callback: entry.callback,
            verifier: entry.verifier === null ? null : this.standIn(entry.verifier, "verifier"),
          },
        ]),
      ),
      accessTokens: Object.fromEntries(
        Object.entries(accessTokens).map(([token, entry]) => [
          this.standIn(token, "token"),
          {
            ...entry,
            secret: this.standIn(entry.secret, "secret"),
            consumerKey: this.standIn(entry.consumerKey, "consumer-key"),
          },
        ]),
      ),
    };
    for (const entry of Object.values(auth.requestTokens)) entry.callback = this.text(entry.callback);
    const store = JSON.parse(this.text(JSON.stringify(snapshot.store))) as Snapshot["store"];
    return { ...snapshot, clock: { ...snapshot.clock }, store, auth };
  }

  /**
   * Text with each stand-in of a value this Redactor met (a token a replayed answer issued) put back,
   * so that a recorded request can be sent again; stand-ins of values it never met stay.
   */
  unredact(text: string): string {
    return text.replace(STAND_IN_ANYWHERE, (standIn) => this.values.get(standIn) ?? standIn);
  }

  private named(name: string, value: string): string {
    if (value === "" || value === REDACTED) return value;
    const kind = NAMED.get(name);
    // A stand-in met again (a replay reading a recorded request) is named as it was, in the same order.
    return kind ? this.standIn(decoded(value), kind) : REDACTED;
  }

  /** Basic `key:secret`, re-encoded with their stand-ins (a lenient replay still reads the key). */
  private basic(encoded: string): string {
    const text = utf8Text(fromBase64(encoded));
    const colon = text.indexOf(":");
    if (colon < 0) return REDACTED;
    const key = this.standIn(decoded(text.slice(0, colon)), "consumer-key");
    const secret = this.standIn(decoded(text.slice(colon + 1)), "secret");
    return btoa(`${key}:${secret}`);
  }

  /** One pattern of every known value long enough to be replaced anywhere, the longest first. */
  private anywherePattern(): RegExp | undefined {
    if (this.anywhere) return this.anywhere;
    const known = [...this.standIns.keys()].filter((value) => value.length >= MIN_ANYWHERE && !STAND_IN.test(value));
    if (known.length === 0) return undefined;
    known.sort((a, b) => b.length - a.length);
    this.anywhere = new RegExp(known.map(escapeRegExp).join("|"), "g");
    return this.anywhere;
  }
}
