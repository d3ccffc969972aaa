/** For each ASCII code: "" when RFC 3986 leaves it unreserved, else its "%XX" escape. */
const ESCAPED: string[] = [];
/** The same escapes percent-encoded once more ("%25XX"), as the OAuth base string holds them. */
const ESCAPED_TWICE: string[] = [];
for (let code = 0; code < 128; code++) {
  const unreserved = /[A-Za-z0-9\-._~]/.test(String.fromCharCode(code));
  const hex = code.toString(16).toUpperCase().padStart(2, "0");
  ESCAPED.push(unreserved ? "" : `%${hex}`);
  ESCAPED_TWICE.push(unreserved ? "" : `%25${hex}`);
}
const RESERVED_BY_RFC3986 = /[!'()*]/g;

function hex(ch: string): string {
  return `%${ch.charCodeAt(0).toString(16).toUpperCase()}`;
}

/** The general path for text beyond ASCII: UTF-8 through encodeURIComponent, plus the characters it leaves. */
function encodeUtf8(value: string): string {
  return encodeURIComponent(value).replace(RESERVED_BY_RFC3986, hex);
}

/** Escapes ASCII text with a lookup table (one slice per escaped character); beyond ASCII, encodeUtf8. */
function encodeWith(value: string, table: string[], twice: boolean): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 127) {
      const encoded = encodeUtf8(value);
      return twice ? encoded.replaceAll("%", "%25") : encoded;
    }
    const escaped = table[code];
    if (escaped === "") continue;
    out += value.slice(start, i) + escaped;
    start = i + 1;
  }
  return start === 0 ? value : out + value.slice(start);
}

/** RFC 3986 percent-encoding as OAuth 1.0a requires: only `A-Z a-z 0-9 - . _ ~` stay as they are. */
export function percentEncode(value: string): string {
  return encodeWith(value, ESCAPED, false);
}

/** `percentEncode(percentEncode(value))`, in one pass: how parameters appear in the signature base string. */
export function percentEncodeTwice(value: string): string {
  return encodeWith(value, ESCAPED_TWICE, true);
}

/** Decodes one `application/x-www-form-urlencoded` name or value (`+` is a space). */
export function formDecode(value: string): string {
  if (value.indexOf("+") === -1 && value.indexOf("%") === -1) return value;
  return decodeURIComponent(value.replaceAll("+", " "));
}

/** Splits an `&`-joined `name=value` string into decoded pairs, keeping duplicates and empty values. */
export function parseFormPairs(text: string, into: [string, string][] = []): [string, string][] {
  if (text === "") return into;
  for (const part of text.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    if (eq === -1) into.push([formDecode(part), ""]);
    else into.push([formDecode(part.slice(0, eq)), formDecode(part.slice(eq + 1))]);
  }
  return into;
}
