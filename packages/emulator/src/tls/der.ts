// The few DER (ASN.1) encodings an X.509 certificate needs (ITU-T X.690): enough to write one, not to
// read one (node:crypto's X509Certificate reads them).

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** A tag with its contents: `tag` is the whole identifier octet (class, constructed bit, number). */
export function tlv(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

export const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
export const set = (...items: Buffer[]) => tlv(0x31, ...items);
export const octetString = (bytes: Buffer) => tlv(0x04, bytes);
export const utf8String = (text: string) => tlv(0x0c, Buffer.from(text, "utf8"));
export const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
/** `[n] EXPLICIT`: the inner encoding wrapped in a constructed context tag. */
export const explicit = (n: number, inner: Buffer) => tlv(0xa0 | n, inner);

/** A non-negative INTEGER from its big-endian bytes (leading zeros dropped, one added when the sign bit is set). */
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return tlv(0x02, (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export const smallInteger = (n: number) => unsignedInteger(Buffer.from([n]));

/** A BIT STRING whose last `unusedBits` bits are padding. */
export const bitString = (bytes: Buffer, unusedBits = 0) => tlv(0x03, Buffer.from([unusedBits]), bytes);

export function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128))
      groups.unshift(0x80 | (value & 0x7f));
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 section 4.1.2.5), to the second. */
export function time(date: Date): Buffer {
  const iso = date.toISOString(); // 2025-01-02T03:04:05.678Z
  const digits = iso.slice(0, 19).replace(/[-T:]/g, "");
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`, "ascii"))
    : tlv(0x18, Buffer.from(`${digits}Z`, "ascii"));
}
