// The local CA and the server certificate the TLS ports and the proxy present. By default the CA is
// made once per process and lives in memory; only its certificate is written, to a private temporary
// folder removed when the process exits, so that clients can be told to trust it. With a folder
// (`--tls-dir`), the CA's key and certificate are kept there and reused on later runs, so that
// NODE_EXTRA_CA_CERTS can stay set; a new CA replaces them when the names to cover change or it nears
// its end. Either way the CA may vouch only for the API's names and this machine (name constraints).
import { createHash, createPrivateKey, createPublicKey, X509Certificate } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { certificate, type KeyPair, newKeyPair } from "./certificate.js";

export interface TlsMaterial {
  /** The CA's certificate (PEM), for a client's trust store. */
  ca: string;
  /** The file holding `ca`: NODE_EXTRA_CA_CERTS, REQUESTS_CA_BUNDLE, SSL_CERT_FILE, curl --cacert. */
  caFile: string;
  /** The server certificate (PEM) for every name, and its private key (PEM). */
  cert: string;
  key: string;
}

const DAY = 24 * 60 * 60 * 1000;
const CA_LIFETIME = 5 * 365 * DAY;
const SERVER_LIFETIME = 397 * DAY;
/** A kept CA this close to its end is replaced. */
const CA_RENEWAL = 30 * DAY;
const CA_FILE = "ca.pem";
const CA_KEY_FILE = "ca-key.pem";

interface Ca {
  commonName: string;
  keys: KeyPair;
  pem: string;
  notAfter: Date;
}

/** The CA's name says which names it covers, so that a kept CA made for other names is not reused. */
const caName = (names: readonly string[]) =>
  `xads emulator local CA ${createHash("sha256").update(names.join(",")).digest("hex").slice(0, 12)}`;

function newCa(names: readonly string[]): Ca {
  const commonName = caName(names);
  const keys = newKeyPair();
  const now = Date.now();
  const notAfter = new Date(now + CA_LIFETIME);
  const pem = certificate({
    commonName,
    publicKey: keys.publicKey,
    issuer: { commonName, keys },
    notBefore: new Date(now - DAY),
    notAfter,
    ca: true,
    names,
  });
  return { commonName, keys, pem, notAfter };
}

/** A file only its owner may read, written whole or not at all. */
function writePrivate(file: string, text: string) {
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, text, { mode: 0o600 });
  renameSync(partial, file);
}

/** The CA kept in `dir`, when it is there, whole, for these names and not near its end. */
function keptCa(dir: string, names: readonly string[]): Ca | undefined {
  const certFile = join(dir, CA_FILE);
  const keyFile = join(dir, CA_KEY_FILE);
  if (!existsSync(certFile) || !existsSync(keyFile)) return undefined;
  if (process.platform !== "win32" && (statSync(keyFile).mode & 0o077) !== 0) {
    throw new Error(`--tls-dir: ${keyFile} may be read by other users: make it private (chmod 600) or remove it`);
  }
  try {
    const pem = readFileSync(certFile, "utf8");
    const cert = new X509Certificate(pem);
    const privateKey = createPrivateKey(readFileSync(keyFile, "utf8"));
    const commonName = caName(names);
    const notAfter = new Date(cert.validTo);
    if (!cert.checkPrivateKey(privateKey) || !cert.subject.split("\n").includes(`CN=${commonName}`)) return undefined;
    if (notAfter.getTime() - Date.now() < CA_RENEWAL) return undefined;
    return { commonName, keys: { privateKey, publicKey: createPublicKey(privateKey) }, pem, notAfter };
  } catch {
    return undefined; // not a certificate and key: made anew
  }
}

function makeMaterial(ca: Ca, caFile: string, names: readonly string[]): TlsMaterial {
  const keys = newKeyPair();
  const now = Date.now();
  const cert = certificate({
    commonName: "localhost",
    publicKey: keys.publicKey,
    issuer: { commonName: ca.commonName, keys: ca.keys },
    notBefore: new Date(now - DAY),
    notAfter: new Date(Math.min(now + SERVER_LIFETIME, ca.notAfter.getTime())),
    ca: false,
    names,
  });
  const key = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return { ca: ca.pem, caFile, cert, key };
}

function inDir(dir: string, names: readonly string[]): TlsMaterial {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let ca = keptCa(dir, names);
  if (!ca) {
    ca = newCa(names);
    writePrivate(join(dir, CA_KEY_FILE), ca.keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString());
    writePrivate(join(dir, CA_FILE), ca.pem);
    chmodSync(join(dir, CA_FILE), 0o644);
  }
  return makeMaterial(ca, join(dir, CA_FILE), names);
}

let tempDir: string | undefined;

/** The process's private temporary folder, removed when it exits. */
function processTempDir(): string {
  if (tempDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "xads-emulator-ca-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    tempDir = dir;
  }
  return tempDir;
}

function inMemory(names: readonly string[]): TlsMaterial {
  const ca = newCa(names);
  const caFile = join(processTempDir(), `${ca.commonName.split(" ").at(-1)}.pem`);
  writeFileSync(caFile, ca.pem, { mode: 0o644 });
  return makeMaterial(ca, caFile, names);
}

/** One per folder (or none) and set of names in a process. */
const made = new Map<string, TlsMaterial>();

/** The CA and server certificate for `names` (host names and IP addresses), kept in `dir` when given. */
export function localTls(names: readonly string[], dir?: string): TlsMaterial {
  const where = dir === undefined ? "" : resolve(dir);
  const key = `${where}\n${names.join(",")}`;
  let material = made.get(key);
  if (!material) {
    material = where === "" ? inMemory(names) : inDir(where, names);
    made.set(key, material);
  }
  return material;
}
