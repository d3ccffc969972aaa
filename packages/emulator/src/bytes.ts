// Bytes and text without Node's Buffer, so that the emulator's core runs in workers and browsers.
// base64 is read as Buffer reads it (both alphabets, padding optional, other characters skipped): a
// client's chunk or cursor the emulator accepted before is accepted the same way.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const utf8Bytes = (text: string): Uint8Array => encoder.encode(text);
export const utf8Text = (bytes: Uint8Array): string => decoder.decode(bytes);

/** The UTF-8 length of a text, without encoding it. */
export function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) length += 1;
    else if (code < 0x800) length += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length += 4;
        i++;
      } else length += 3;
    } else length += 3;
  }
  return length;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) VALUES[ALPHABET.charCodeAt(i)] = i;
VALUES["-".charCodeAt(0)] = 62;
VALUES["_".charCodeAt(0)] = 63;

/** The bytes a base64 or base64url text holds; characters of neither alphabet are skipped, `=` ends it. */
export function fromBase64(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let length = 0;
  let bits = 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3d) break;
    const value = code < 128 ? (VALUES[code] as number) : -1;
    if (value < 0) continue;
    bits = (bits << 6) | value;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[length++] = (bits >> count) & 0xff;
    }
  }
  return out.subarray(0, length);
}

/** base64url without padding (as Buffer writes it) of bytes. */
export function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The first index of `needle` in `haystack` at or after `from`, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  if (needle.length === 0) return from <= haystack.length ? from : -1;
  const first = needle[0] as number;
  const last = haystack.length - needle.length;
  outer: for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** `bytes` random bytes from the platform's cryptographic generator, as base64url text. */
export const randomToken = (bytes: number): string => base64Url(crypto.getRandomValues(new Uint8Array(bytes)));

/** A random integer from 0 to 2^32 - 1, from the platform's cryptographic generator. */
export const randomUint32 = (): number => crypto.getRandomValues(new Uint32Array(1))[0] as number;
