// `listen({ proxy: true })`: an HTTPS proxy that answers CONNECT to the API's hosts itself (TLS with the
// local CA) and refuses every other host without ever connecting to it; a client that honours
// HTTPS_PROXY then needs two environment variables and no change.
import { execFileSync, spawn } from "node:child_process";
import { connect as connectTcp, createServer as createTcpServer } from "node:net";
import { Duplex } from "node:stream";
import { connect as connectTls } from "node:tls";
import { fileURLToPath } from "node:url";
import { ProxyAgent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_STRING_HEADER } from "../src/auth/verify.js";
import type { Emulator, Served } from "../src/index.js";
import { accountPath, authorization, newEmulator } from "./helpers.js";

let emu: Emulator;
let served: Served;
let proxy: URL;

beforeAll(async () => {
  emu = await newEmulator(); // strict auth
  served = await emu.listen({ proxy: true });
  proxy = new URL(served.proxyUrl as string);
});
afterAll(() => served?.close());

interface Answer {
  status: number;
  head: string;
  body: string;
}

/** Writes `head` on a fresh connection to the proxy; resolves with what comes back until it closes. */
function rawToProxy(head: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp(Number(proxy.port), proxy.hostname);
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () => {
      const split = text.indexOf("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        head: text.slice(0, split),
        body: text.slice(split + 4),
      });
    });
    socket.on("error", reject);
    socket.write(`${head}\r\n\r\n`, "latin1");
  });
}

/** CONNECT by hand, then one HTTP/1.1 request over TLS inside the tunnel, trusting only the local CA. */
function throughTunnel(host: string, request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp(Number(proxy.port), proxy.hostname);
    socket.on("error", reject);
    socket.write(`CONNECT ${host}:443 HTTP/1.1\r\nHost: ${host}:443\r\n\r\n`);
    socket.once("data", (chunk: Buffer) => {
      if (!chunk.toString("latin1").startsWith("HTTP/1.1 200")) {
        reject(new Error(`CONNECT refused: ${chunk.toString("latin1")}`));
        return;
      }
      const tls = connectTls({ socket, servername: host, ca: served.ca }, () => {
        tls.write(`${request}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      });
      let text = "";
      tls.setEncoding("latin1");
      tls.on("data", (data: string) => {
        text += data;
      });
      tls.on("end", () => {
        const split = text.indexOf("\r\n\r\n");
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
          head: text.slice(0, split),
          body: text.slice(split + 4),
        });
      });
      tls.on("error", reject);
    });
  });
}

describe("the proxy answers the API's hosts itself", () => {
  it("is on loopback, and the ports keep speaking plain HTTP", () => {
    expect(served.proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(served.urls.ads).toMatch(/^http:\/\//);
    expect(served.caFile).toBeDefined();
  });

  it("a request signed for https://ads-api.x.com/... verifies through it (strict auth, undici's ProxyAgent)", async () => {
    const url = `https://ads-api.x.com${accountPath(emu, "/campaigns?count=2")}`;
    const dispatcher = new ProxyAgent({ uri: served.proxyUrl as string, requestTls: { ca: served.ca } });
    try {
      const answer = await undiciFetch(url, { headers: { authorization: authorization(emu, "GET", url) }, dispatcher });
      const body = (await answer.json()) as { data: unknown[] };
      expect(answer.status, JSON.stringify(body)).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(2);
    } finally {
      await dispatcher.close();
    }
  });

  it("a legacy host name answers too, with the document of its current name", async () => {
    const url = `https://ads-api-sandbox.twitter.com${accountPath(emu)}`;
    const answer = await throughTunnel(
      "ads-api-sandbox.twitter.com",
      `GET ${new URL(url).pathname} HTTP/1.1\r\nAuthorization: ${authorization(emu, "GET", url)}`,
    );
    expect(answer.status, answer.body).toBe(200);
  });

  it("a tunnelled client is this machine's: a failed signature answers the base string", async () => {
    const answer = await throughTunnel(
      "ads-api.x.com",
      `GET /12/accounts HTTP/1.1\r\nAuthorization: OAuth oauth_consumer_key="x"`,
    );
    expect(answer.status).toBe(401);
    const signed = await throughTunnel(
      "ads-api.x.com",
      `GET /12/accounts HTTP/1.1\r\nAuthorization: ${authorization(emu, "GET", "https://ads-api.x.com/12/accounts", { tokenSecret: "wrong" })}`,
    );
    expect(signed.status).toBe(401);
    expect(signed.head.toLowerCase()).toContain(
      `${BASE_STRING_HEADER}: get&https%3a%2f%2fads-api.x.com%2f12%2faccounts`,
    );
  });

  it("a client that sends its TLS hello with the CONNECT, before the answer, is answered", async () => {
    const socket = connectTcp(Number(proxy.port), proxy.hostname);
    let answered = false;
    let head = Buffer.alloc(0);
    let first = true;
    // The TLS client writes through this: its first bytes (the hello) go out with the CONNECT.
    const tunnel = new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, done) {
        const connect = first ? "CONNECT ads-api.x.com:443 HTTP/1.1\r\nHost: ads-api.x.com:443\r\n\r\n" : "";
        first = false;
        socket.write(Buffer.concat([Buffer.from(connect), chunk]));
        done();
      },
    });
    socket.on("data", (data: Buffer) => {
      if (answered) {
        tunnel.push(data);
        return;
      }
      head = Buffer.concat([head, data]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      answered = true;
      expect(head.subarray(0, end).toString("latin1")).toMatch(/^HTTP\/1\.1 200/);
      if (end + 4 < head.length) tunnel.push(head.subarray(end + 4));
    });
    const text = await new Promise<string>((resolve, reject) => {
      const tls = connectTls({ socket: tunnel, servername: "ads-api.x.com", ca: served.ca }, () => {
        tls.write("GET / HTTP/1.1\r\nHost: ads-api.x.com\r\nConnection: close\r\n\r\n");
      });
      let received = "";
      tls.setEncoding("latin1");
      tls.on("data", (data: string) => {
        received += data;
      });
      tls.on("end", () => resolve(received));
      tls.on("error", reject);
    });
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 200/);
  });

  it("the controls inside a tunnel refuse a web page's request", async () => {
    const answer = await throughTunnel(
      "ads-api.x.com",
      "POST /_emulator/reset HTTP/1.1\r\nOrigin: https://evil.example\r\nContent-Length: 0",
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("web pages");
  });
});

describe("the proxy never connects elsewhere", () => {
  it("refuses CONNECT to another host, naming it, and nothing reaches that host", async () => {
    const other = createTcpServer();
    let reached = 0;
    other.on("connection", (socket) => {
      reached++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const port = (other.address() as { port: number }).port;
    try {
      for (const target of [`127.0.0.1:${port}`, `localhost:${port}`, "example.com:443"]) {
        const answer = await rawToProxy(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}`);
        expect(answer.status, target).toBe(403);
        expect(answer.body).toContain(target.split(":")[0]);
        expect(answer.body).toContain("answers only the API's hosts");
      }
    } finally {
      other.close();
    }
    expect(reached).toBe(0);
  });

  it("refuses an API host on another port than 443", async () => {
    const answer = await rawToProxy("CONNECT ads-api.x.com:80 HTTP/1.1\r\nHost: ads-api.x.com:80");
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("port 443 only");
  });

  it("refuses plain requests for other hosts and plain http to the API, saying why", async () => {
    const other = await rawToProxy("GET http://example.com/ HTTP/1.1\r\nHost: example.com");
    expect(other.status).toBe(403);
    expect(other.body).toContain("example.com");
    const plain = await rawToProxy("GET http://ads-api.x.com/12/accounts HTTP/1.1\r\nHost: ads-api.x.com");
    expect(plain.status).toBe(403);
    expect(plain.body).toContain("https only");
  });

  it("a request to the proxy as if it were a server says how to use it", async () => {
    const answer = await rawToProxy(`GET /12/accounts HTTP/1.1\r\nHost: ${proxy.host}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(`HTTPS_PROXY=${served.proxyUrl}`);
  });

  it("refuses a web page's request (cross-site Origin), CONNECT or not", async () => {
    const connect = await rawToProxy(
      "CONNECT ads-api.x.com:443 HTTP/1.1\r\nHost: ads-api.x.com:443\r\nOrigin: https://evil.example",
    );
    expect(connect.status).toBe(403);
    expect(connect.body).toContain("web pages");
    const page = await rawToProxy(`GET / HTTP/1.1\r\nHost: ${proxy.host}\r\nSec-Fetch-Site: cross-site`);
    expect(page.status).toBe(403);
    const rebound = await rawToProxy("GET / HTTP/1.1\r\nHost: rebound.example:80");
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain("is not this server");
  });
});

describe("the proxy under hostile input", () => {
  it("a tunnel that gets no TLS is closed by the emulator, which keeps answering", async () => {
    const closed = await new Promise<string>((resolve, reject) => {
      const socket = connectTcp(Number(proxy.port), proxy.hostname);
      let text = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => {
        text += chunk;
        if (text.includes("\r\n\r\n")) socket.write("GET / HTTP/1.1\r\nHost: ads-api.x.com\r\n\r\n");
      });
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
      socket.write("CONNECT ads-api.x.com:443 HTTP/1.1\r\nHost: ads-api.x.com:443\r\n\r\n");
    });
    expect(closed).toMatch(/^HTTP\/1\.1 200/);
    expect((await throughTunnel("ads-api.x.com", "GET / HTTP/1.1")).status).toBe(200);
  });

  it("close() ends the open tunnels", async () => {
    const own = await (await newEmulator({ auth: "lenient" })).listen({ proxy: true });
    const url = new URL(own.proxyUrl as string);
    const socket = connectTcp(Number(url.port), url.hostname);
    const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => {
      socket.once("data", () => resolve());
      socket.write("CONNECT api.x.com:443 HTTP/1.1\r\nHost: api.x.com:443\r\n\r\n");
    });
    await own.close();
    await ended;
    expect(socket.destroyed).toBe(true);
  });
});

describe("two environment variables and no change to the client", () => {
  const signedUrl = () => `https://ads-api.x.com${accountPath(emu, "/campaigns?count=1")}`;

  /** Runs `command` with only the proxy and CA variables added to a clean environment. */
  function run(command: string, args: string[], variables: Record<string, string>) {
    const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...variables };
    return new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(command, args, { env, cwd: fileURLToPath(new URL("..", import.meta.url)) });
      let out = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
      });
      child.stderr.on("data", (chunk) => {
        out += chunk;
      });
      child.on("error", (error) => resolve({ code: -1, out: String(error) }));
      child.on("exit", (code) => resolve({ code, out }));
    });
  }

  it("Node with undici's EnvHttpProxyAgent: HTTPS_PROXY and NODE_EXTRA_CA_CERTS", async () => {
    const url = signedUrl();
    const script = [
      'import { EnvHttpProxyAgent, fetch } from "undici";',
      "const dispatcher = new EnvHttpProxyAgent();",
      "const answer = await fetch(process.argv[1], { headers: { authorization: process.argv[2] }, dispatcher });",
      "console.log(answer.status, (await answer.text()).slice(0, 200));",
    ].join("\n");
    const { code, out } = await run(
      process.execPath,
      ["--input-type=module", "-e", script, url, authorization(emu, "GET", url)],
      { HTTPS_PROXY: served.proxyUrl as string, NODE_EXTRA_CA_CERTS: served.caFile as string },
    );
    expect(code, out).toBe(0);
    expect(out).toMatch(/^200 \{"/);
  });

  const has = (command: string, args: string[]) => {
    try {
      execFileSync(command, args, { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };

  // Where the machine has them (CI has only Node and npm).
  it.skipIf(!has("curl", ["--version"]))("curl: HTTPS_PROXY and SSL_CERT_FILE", async () => {
    const url = signedUrl();
    const { code, out } = await run(
      "curl",
      ["-sS", "-w", "\n%{http_code}", "-H", `authorization: ${authorization(emu, "GET", url)}`, url],
      {
        HTTPS_PROXY: served.proxyUrl as string,
        SSL_CERT_FILE: served.caFile as string,
      },
    );
    expect(code, out).toBe(0);
    expect(out.trim().split("\n").at(-1)).toBe("200");
  });

  it.skipIf(!has("python3", ["-c", "import requests"]))(
    "Python requests: HTTPS_PROXY and REQUESTS_CA_BUNDLE",
    async () => {
      const url = signedUrl();
      const script =
        "import sys, requests; r = requests.get(sys.argv[1], headers={'authorization': sys.argv[2]}); print(r.status_code)";
      const { code, out } = await run("python3", ["-c", script, url, authorization(emu, "GET", url)], {
        HTTPS_PROXY: served.proxyUrl as string,
        REQUESTS_CA_BUNDLE: served.caFile as string,
      });
      expect(code, out).toBe(0);
      expect(out.trim()).toBe("200");
    },
  );
});
