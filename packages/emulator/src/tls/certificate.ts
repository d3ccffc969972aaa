// X.509 v3 certificates written with node:crypto alone (ECDSA P-256, SHA-256): a local CA that may only
// vouch for the names it is made for (name constraints), and the server certificate it signs. What
// strict verifiers ask of them is here (Python 3.13's VERIFY_X509_STRICT: key identifiers, critical
// basic constraints, key usage), so curl, Python and Node trust them alike.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import {
  bitString,
  boolean,
  explicit,
  objectIdentifier,
  octetString,
  sequence,
  set,
  smallInteger,
  time,
  tlv,
  unsignedInteger,
  utf8String,
} from "./der.js";

export interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export const newKeyPair = (): KeyPair => generateKeyPairSync("ec", { namedCurve: "prime256v1" });

const ECDSA_WITH_SHA256 = sequence(objectIdentifier("1.2.840.10045.4.3.2"));
const ORGANIZATION = "@xads/emulator (local, throw-away)";

function name(commonName: string): Buffer {
  const attribute = (oid: string, value: string) => set(sequence(objectIdentifier(oid), utf8String(value)));
  return sequence(attribute("2.5.4.10", ORGANIZATION), attribute("2.5.4.3", commonName));
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return sequence(objectIdentifier(oid), ...(critical ? [boolean(true)] : []), octetString(value));
}

/** A key's identifier (RFC 7093 section 2, method 4: the leftmost 160 bits of the SHA-256 of the key). */
export function keyIdentifier(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(spki).digest().subarray(0, 20);
}

/** An IPv4 or IPv6 address as its 4 or 16 bytes. */
function addressBytes(address: string): Buffer {
  if (isIPv4(address)) return Buffer.from(address.split(".").map(Number));
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return Buffer.concat(all.map((group) => Buffer.from(group.padStart(4, "0"), "hex")));
}

/** A GeneralName: dNSName [2] or iPAddress [7] (with a mask: a name constraint's whole address). */
function generalName(name: string, asConstraint = false): Buffer {
  const bare = name.replace(/^\[(.*)\]$/, "$1");
  if (!isIPv4(bare) && !isIPv6(bare)) return tlv(0x82, Buffer.from(name.toLowerCase(), "ascii"));
  const bytes = addressBytes(bare);
  return tlv(0x87, asConstraint ? Buffer.concat([bytes, Buffer.alloc(bytes.length, 0xff)]) : bytes);
}

export interface CertificateOptions {
  commonName: string;
  publicKey: KeyObject;
  issuer: { commonName: string; keys: KeyPair };
  notBefore: Date;
  notAfter: Date;
  /** A CA that may sign certificates for these names only; else a server certificate for them. */
  ca: boolean;
  names: readonly string[];
}

/** The certificate, PEM-encoded. */
export function certificate(options: CertificateOptions): string {
  const { ca, names, publicKey, issuer } = options;
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const extensions = [
    extension("2.5.29.19", true, ca ? sequence(boolean(true), smallInteger(0)) : sequence()),
    // keyCertSign and cRLSign; digitalSignature.
    extension("2.5.29.15", true, ca ? bitString(Buffer.from([0x06]), 1) : bitString(Buffer.from([0x80]), 7)),
    extension("2.5.29.14", false, octetString(keyIdentifier(publicKey))),
    extension("2.5.29.35", false, sequence(tlv(0x80, keyIdentifier(issuer.keys.publicKey)))),
    ca
      ? // permittedSubtrees [0]: a leaked key cannot vouch for any other site.
        extension("2.5.29.30", true, sequence(tlv(0xa0, ...names.map((n) => sequence(generalName(n, true))))))
      : extension("2.5.29.17", false, sequence(...names.map((n) => generalName(n)))),
    ...(ca ? [] : [extension("2.5.29.37", false, sequence(objectIdentifier("1.3.6.1.5.5.7.3.1")))]),
  ];
  const tbs = sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(serial),
    ECDSA_WITH_SHA256,
    name(issuer.commonName),
    sequence(time(options.notBefore), time(options.notAfter)),
    name(options.commonName),
    publicKey.export({ type: "spki", format: "der" }),
    explicit(3, sequence(...extensions)),
  );
  const signature = sign("sha256", tbs, { key: issuer.keys.privateKey, dsaEncoding: "der" });
  const der = sequence(tbs, ECDSA_WITH_SHA256, bitString(signature));
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}
