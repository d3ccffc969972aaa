/** 1 for the characters RFC 3986 leaves unreserved. */
const UNRESERVED = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~") UNRESERVED[ch.charCodeAt(0)] = 1;

function isUnreserved(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 127 || UNRESERVED[code] === 0) return false;
  }
  return true;
}
const RESERVED_BY_RFC3986 = /[!'()*]/g;

function hex(ch: string): string {
  return `%${ch.charCodeAt(0).toString(16).toUpperCase()}`;
}

/** RFC 3986 percent-encoding as OAuth 1.0a requires: only `A-Z a-z 0-9 - . _ ~` stay as they are. */
export function percentEncode(value: string): string {
  if (isUnreserved(value)) return value;
  return encodeURIComponent(value).replace(RESERVED_BY_RFC3986, hex);
}

/** Decodes one `application/x-www-form-urlencoded` name or value (`+` is a space). */
export function formDecode(value: string): string {
  if (value.indexOf("+") === -1 && value.indexOf("%") === -1) return value;
  return decodeURIComponent(value.replace(/\+/g, " "));
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
