// What a simple upload's bytes are: the image types the upload host takes (JPEG, PNG, GIF, WEBP),
// told by their signatures, and the width and height their headers give, for the answer's `image`.

export interface ImageInfo {
  type: "image/jpeg" | "image/png" | "image/gif" | "image/webp";
  w?: number;
  h?: number;
}

const startsWith = (bytes: Uint8Array, text: string, at = 0) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);

/** Width and height, when the header holding them is there. */
const size = (bytes: Uint8Array, needed: number, w: () => number, h: () => number) =>
  bytes.length >= needed ? { w: w(), h: h() } : {};

/** The JPEG frame header (SOF0..SOF15 but DHT, JPG and DAC) holds the size; markers before it are skipped. */
function jpegSize(bytes: Uint8Array): { w?: number; h?: number } {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return {};
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { h: u16be(bytes, i + 5), w: u16be(bytes, i + 7) };
    if (marker === 0xda || marker === 0xd9) return {};
    // Standalone markers have no length; the others give theirs (which counts its own two bytes).
    i += marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8) ? 2 : 2 + u16be(bytes, i + 2);
  }
  return {};
}

function webpSize(bytes: Uint8Array): { w?: number; h?: number } {
  if (startsWith(bytes, "VP8 ", 12))
    return size(
      bytes,
      30,
      () => u16le(bytes, 26) & 0x3fff,
      () => u16le(bytes, 28) & 0x3fff,
    );
  if (startsWith(bytes, "VP8L", 12) && bytes[20] === 0x2f) {
    const bits = u16le(bytes, 21) + u16le(bytes, 23) * 0x10000;
    return size(
      bytes,
      25,
      () => (bits & 0x3fff) + 1,
      () => (Math.floor(bits / 0x4000) & 0x3fff) + 1,
    );
  }
  if (startsWith(bytes, "VP8X", 12))
    return size(
      bytes,
      30,
      () => u24le(bytes, 24) + 1,
      () => u24le(bytes, 27) + 1,
    );
  return {};
}

/** The image the bytes hold, or undefined when they are none of the types the host takes. */
export function sniffImage(bytes: Uint8Array): ImageInfo | undefined {
  if (startsWith(bytes, "\x89PNG\r\n\x1a\n"))
    return {
      type: "image/png",
      ...size(
        bytes,
        24,
        () => u32be(bytes, 16),
        () => u32be(bytes, 20),
      ),
    };
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a"))
    return {
      type: "image/gif",
      ...size(
        bytes,
        10,
        () => u16le(bytes, 6),
        () => u16le(bytes, 8),
      ),
    };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: "image/jpeg", ...jpegSize(bytes) };
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return { type: "image/webp", ...webpSize(bytes) };
  return undefined;
}
