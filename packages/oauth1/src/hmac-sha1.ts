// HMAC-SHA1 over ASCII strings, synchronous and dependency-free. OAuth 1.0a signing keys and base
// strings are percent-encoded, so they are pure ASCII. Web Crypto's HMAC is asynchronous and runs on a
// worker thread (tens of microseconds per call), which would dominate the cost of every signed request;
// this small implementation is checked against RFC 2202 and against node:crypto in the tests.

const W = new Int32Array(80);
let scratch = new Uint8Array(1024);

function compress(h: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = (bytes[j] << 24) | (bytes[j + 1] << 16) | (bytes[j + 2] << 8) | bytes[j + 3];
  }
  for (let i = 16; i < 80; i++) {
    const x = W[i - 3] ^ W[i - 8] ^ W[i - 14] ^ W[i - 16];
    W[i] = (x << 1) | (x >>> 31);
  }
  let a = h[0];
  let b = h[1];
  let c = h[2];
  let d = h[3];
  let e = h[4];
  // Four loops of 20 rounds, so that each has its own round function without a branch per round.
  for (let i = 0; i < 20; i++) {
    const t = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + 0x5a827999 + W[i]) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = t;
  }
  for (let i = 20; i < 40; i++) {
    const t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + W[i]) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = t;
  }
  for (let i = 40; i < 60; i++) {
    const t = (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e + 0x8f1bbcdc + W[i]) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = t;
  }
  for (let i = 60; i < 80; i++) {
    const t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0xca62c1d6 + W[i]) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = t;
  }
  h[0] = (h[0] + a) | 0;
  h[1] = (h[1] + b) | 0;
  h[2] = (h[2] + c) | 0;
  h[3] = (h[3] + d) | 0;
  h[4] = (h[4] + e) | 0;
}

const INITIAL = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];

/** Hashes `length` bytes of `bytes` (already padded by the caller's buffer) continuing from state `h`. */
function finish(h: Int32Array, bytes: Uint8Array, length: number, prefixBytes: number): void {
  const padded = (((length + 8) >> 6) + 1) << 6;
  bytes.fill(0, length, padded);
  bytes[length] = 0x80;
  const bits = (length + prefixBytes) * 8;
  bytes[padded - 4] = bits >>> 24;
  bytes[padded - 3] = bits >>> 16;
  bytes[padded - 2] = bits >>> 8;
  bytes[padded - 1] = bits;
  // Lengths above 2^32 bits do not occur for OAuth base strings.
  for (let offset = 0; offset < padded; offset += 64) compress(h, bytes, offset);
}

const ASCII_ONLY = "hmacSha1: key and message must be ASCII";
const encoder = new TextEncoder();

function buffer(size: number): Uint8Array {
  if (scratch.length < size) scratch = new Uint8Array(size * 2);
  return scratch;
}

/** Writes ASCII text as bytes; encodeInto flattens a concatenated string in one native pass. */
function writeAscii(text: string, into: Uint8Array): void {
  if (encoder.encodeInto(text, into).written !== text.length) throw new TypeError(ASCII_ONLY);
}

interface KeyState {
  inner: Int32Array;
  outer: Int32Array;
}

function sha1Ascii(text: string): Uint8Array {
  const bytes = buffer(text.length + 72);
  writeAscii(text, bytes);
  const h = Int32Array.from(INITIAL);
  finish(h, bytes, text.length, 0);
  return toBytes(h);
}

function toBytes(h: Int32Array): Uint8Array {
  const out = new Uint8Array(20);
  writeWords(h, out, 0);
  return out;
}

function computeKeyState(key: string): KeyState {
  const keyBytes = key.length > 64 ? sha1Ascii(key) : new Uint8Array(key.length);
  if (key.length <= 64) writeAscii(key, keyBytes);
  const ipad = new Uint8Array(64).fill(0x36);
  const opad = new Uint8Array(64).fill(0x5c);
  for (let i = 0; i < keyBytes.length; i++) {
    ipad[i] ^= keyBytes[i];
    opad[i] ^= keyBytes[i];
  }
  const inner = Int32Array.from(INITIAL);
  const outer = Int32Array.from(INITIAL);
  compress(inner, ipad, 0);
  compress(outer, opad, 0);
  return { inner, outer };
}

/** The padded key's SHA-1 states, for at most 64 keys: all are forgotten when full, so keys that come
 * and go (many credentials) cannot grow it. */
const keyStates = new Map<string, KeyState>();
function keyState(key: string): KeyState {
  let state = keyStates.get(key);
  if (state === undefined) {
    state = computeKeyState(key);
    if (keyStates.size >= 64) keyStates.clear();
    keyStates.set(key, state);
  }
  return state;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function base64(bytes: Uint8Array, length: number): string {
  let out = "";
  let i = 0;
  for (; i + 2 < length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += BASE64[n >>> 18] + BASE64[(n >>> 12) & 63] + BASE64[(n >>> 6) & 63] + BASE64[n & 63];
  }
  const rest = length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += `${BASE64[n >>> 18]}${BASE64[(n >>> 12) & 63]}==`;
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += `${BASE64[n >>> 18]}${BASE64[(n >>> 12) & 63]}${BASE64[(n >>> 6) & 63]}=`;
  }
  return out;
}

const H = new Int32Array(5);

/** Writes the five state words big-endian into `bytes` at `offset`. */
function writeWords(h: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 5; i++) {
    const word = h[i];
    const j = offset + i * 4;
    bytes[j] = word >>> 24;
    bytes[j + 1] = word >>> 16;
    bytes[j + 2] = word >>> 8;
    bytes[j + 3] = word;
  }
}

/** HMAC-SHA1 into the shared state H (no allocation besides a first-seen key). */
function hmacInto(key: string, message: string): void {
  const state = keyState(key);
  H.set(state.inner);
  const bytes = buffer(message.length + 72);
  writeAscii(message, bytes);
  finish(H, bytes, message.length, 64);
  writeWords(H, bytes, 0);
  H.set(state.outer);
  finish(H, bytes, 20, 64);
}

/** HMAC-SHA1 of an ASCII message under an ASCII key, as raw bytes. */
export function hmacSha1(key: string, message: string): Uint8Array {
  hmacInto(key, message);
  return toBytes(H);
}

/** HMAC-SHA1 of an ASCII message under an ASCII key, base64-encoded. */
export function hmacSha1Base64(key: string, message: string): string {
  hmacInto(key, message);
  const bytes = buffer(20);
  writeWords(H, bytes, 0);
  return base64(bytes, 20);
}
