// `listen({ tls: true })`: HTTPS on every port with a certificate from a local CA that clients trust by
// its file; the certificate covers every API host name, current and legacy, and this machine's; the
// CA may vouch for nothing else; a kept CA (tlsDir) is reused, its key private.
import { X509Certificate } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, createServer } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator, Served } from "../src/index.js";
import { certificate, newKeyPair } from "../src/tls/certificate.js";
import { localTls } from "../src/tls/local-ca.js";
import { accountPath, authorization, newEmulator } from "./helpers.js";

/** The host names the issue names: clients sign for each of them. */
const HOST_NAMES = [
  "api.x.com",
  "api.twitter.com",
  "ads-api.x.com",
  "ads-api.twitter.com",
  "ads-api-sandbox.x.com",
  "ads-api-sandbox.twitter.com",
  "upload.x.com",
  "upload.twitter.com",
];

let emu: Emulator;
let served: Served;

beforeAll(async () => {
  emu = await newEmulator({ rateLimits: false });
  served = await emu.listen({ tls: true });
});
afterAll(() => served?.close());

interface Answer {
  status: number;
  text: string;
}

/** A request on the ads port over TLS, trusting only the local CA, naming `host` (SNI and Host). */
function get(path: string, host: string, headers: Record<string, string> = {}, trust = true): Promise<Answer> {
  const port = Number(new URL(served.urls.ads).port);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        servername: host,
        headers: { host, ...headers },
        agent: false,
        ...(trust ? { ca: served.ca } : {}),
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("listen({ tls: true })", () => {
  it("serves https on every port, and the CA's file holds the CA that clients trust", async () => {
    for (const url of Object.values(served.urls)) expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(served.caFile).toBeDefined();
    expect(readFileSync(served.caFile as string, "utf8")).toBe(served.ca);
    expect(new X509Certificate(served.ca as string).ca).toBe(true);
    const answer = await get("/", "localhost");
    expect(answer.status).toBe(200);
  });

  it("a client that does not trust the CA is refused by its own TLS check", async () => {
    await expect(get("/", "localhost", {}, false)).rejects.toThrow(/self[- ]signed|unable to (get|verify)/i);
  });

  it.each(HOST_NAMES)("the certificate covers %s", async (name) => {
    expect((await get("/", name)).status).toBe(200);
  });

  it("and this machine's names, but no other name", async () => {
    const port = Number(new URL(served.urls.ads).port);
    const handshake = (servername: string) =>
      new Promise<void>((resolve, reject) => {
        const socket = connect({ host: "127.0.0.1", port, servername, ca: served.ca }, () => {
          socket.end();
          resolve();
        });
        socket.on("error", reject);
      });
    await handshake("localhost");
    await expect(handshake("example.com")).rejects.toThrow(/altnames/);
  });

  it("a strictly signed request verifies with the https URL it was signed for (the pipeline sees https)", async () => {
    const strict = await newEmulator();
    const strictServed = await strict.listen({ tls: true });
    try {
      const path = accountPath(strict, "/campaigns?count=1");
      const port = Number(new URL(strictServed.urls.ads).port);
      // Not one of the document's servers: only the URL the request came in on can verify it.
      const host = `localhost:${port}`;
      const url = `https://${host}${path}`;
      const send = (signedFor: string) =>
        new Promise<Answer>((resolve, reject) => {
          const req = request(
            {
              host: "127.0.0.1",
              port,
              path,
              servername: "localhost",
              headers: { host, authorization: authorization(strict, "GET", signedFor) },
              ca: strictServed.ca,
              agent: false,
            },
            (res) => {
              let text = "";
              res.on("data", (chunk) => {
                text += chunk;
              });
              res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
            },
          );
          req.on("error", reject);
          req.end();
        });
      const answer = await send(url);
      expect(answer.status, answer.text).toBe(200);
      expect(Array.isArray(JSON.parse(answer.text).data)).toBe(true);
      expect((await send(`http://${host}${path}`)).status).toBe(401);
    } finally {
      await strictServed.close();
    }
  });

  it("one CA per process: a second listen presents the same CA", async () => {
    const again = await emu.listen({ tls: true });
    try {
      expect(again.ca).toBe(served.ca);
      expect(again.caFile).toBe(served.caFile);
    } finally {
      await again.close();
    }
  });
});

describe("the local CA", () => {
  it("may vouch only for the names it was made for (name constraints)", async () => {
    const caKeys = newKeyPair();
    const notBefore = new Date(Date.now() - 60_000);
    const notAfter = new Date(Date.now() + 3_600_000);
    const issuer = { commonName: "test CA", keys: caKeys };
    const ca = certificate({
      commonName: "test CA",
      publicKey: caKeys.publicKey,
      issuer,
      notBefore,
      notAfter,
      ca: true,
      names: ["api.x.com"],
    });
    const serve = async (name: string) => {
      const keys = newKeyPair();
      const cert = certificate({
        commonName: name,
        publicKey: keys.publicKey,
        issuer,
        notBefore,
        notAfter,
        ca: false,
        names: [name],
      });
      const server = createServer({ key: keys.privateKey.export({ type: "pkcs8", format: "pem" }), cert }, (s) =>
        s.end(),
      );
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const port = (server.address() as { port: number }).port;
      try {
        await new Promise<void>((resolve, reject) => {
          const socket = connect({ host: "127.0.0.1", port, servername: name, ca }, () => {
            socket.end();
            resolve();
          });
          socket.on("error", reject);
        });
      } finally {
        server.close();
      }
    };
    await serve("api.x.com");
    await expect(serve("example.com")).rejects.toThrow(/permitted subtree violation|name constraint/i);
  });

  it("kept in a folder: reused on the next run, its key readable by its owner only", () => {
    const dir = mkdtempSync(join(tmpdir(), "xads-tls-"));
    const first = localTls(["api.x.com", "localhost"], dir);
    expect(first.caFile).toBe(join(dir, "ca.pem"));
    expect(statSync(join(dir, "ca-key.pem")).mode & 0o777).toBe(0o600);
    // Another set of names is another CA; the same names in the same folder read the kept one.
    const other = localTls(["api.x.com", "localhost", "127.0.0.1"], dir);
    expect(other.ca).not.toBe(first.ca);
    const kept = readFileSync(join(dir, "ca.pem"), "utf8");
    const reread = localTls(["api.x.com", "localhost", "127.0.0.1"], `${dir}/`);
    expect(reread.ca).toBe(kept);
  });

  it("refuses a kept key that other users may read, naming the file and the fix", () => {
    const dir = mkdtempSync(join(tmpdir(), "xads-tls-"));
    localTls(["localhost"], dir);
    chmodSync(join(dir, "ca-key.pem"), 0o644);
    expect(() => localTls(["localhost", "127.0.0.1"], dir)).toThrow(
      /ca-key\.pem may be read by other users.*chmod 600/,
    );
  });
});
