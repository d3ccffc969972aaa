// The signing proxy signs with the user's real credentials, so whoever reaches it acts as the user:
// web pages (cross-site requests, DNS rebinding) and other machines are refused before anything is
// signed or forwarded. A recording target shows what got through.
import { spawn } from "node:child_process";
import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSigningProxy, PROXY_TOKEN_HEADER, type SigningProxy } from "../src/sign-proxy/index.js";

const credentials = { consumerKey: "ck", consumerSecret: "cs", token: "user-token", tokenSecret: "user-secret" };
const forwarded: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
const target = createServer((request, response) => {
  forwarded.push({ url: request.url ?? "", headers: request.headers });
  request.resume();
  response.writeHead(200, { "content-type": "application/json" }).end('{"data":[]}');
});
let targetUrl: string;
let proxy: SigningProxy;

beforeAll(async () => {
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  proxy = await createSigningProxy({ target: targetUrl, credentials, maxBodyBytes: 1024 });
});
afterAll(async () => {
  await proxy?.close();
  target.close();
});

interface Sent {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send only the headers and wait for the answer. */
  headersOnly?: boolean;
}

/** A raw request (fetch may not set Host), answered with status and text. */
function send(base: string, { method = "GET", path = "/12/accounts", headers = {}, body, headersOnly }: Sent) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; text: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const outgoing = httpRequest({ hostname, port, method, path, headers }, (answer) => {
      let text = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => {
        text += chunk;
      });
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, text, headers: answer.headers }));
    });
    outgoing.on("error", reject);
    if (headersOnly) outgoing.flushHeaders();
    else outgoing.end(body);
  });
}

/** What `send` forwarded: nothing, when refused at the door. */
async function forwardedBy(sent: Sent) {
  const before = forwarded.length;
  const answer = await send(proxy.url, sent);
  return { answer, forwarded: forwarded.slice(before) };
}

describe("web pages", () => {
  it("a cross-site text/plain POST (no preflight) is refused, not signed, not forwarded", async () => {
    const { answer, forwarded: through } = await forwardedBy({
      method: "POST",
      path: "/12/accounts/18ce54d4x5t/campaigns?name=x",
      headers: { origin: "https://attacker.example", "content-type": "text/plain", "sec-fetch-site": "cross-site" },
      body: "x",
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text).errors[0]).toMatchObject({ code: "SIGNING_PROXY" });
    expect(answer.text).toContain("Origin https://attacker.example");
    expect(through).toEqual([]);
  });

  it("a rebound name (Host: attacker.example) is refused, so its page cannot read an answer", async () => {
    const port = new URL(proxy.url).port;
    for (const host of ["attacker.example", `attacker.example:${port}`]) {
      const { answer, forwarded: through } = await forwardedBy({ headers: { host } });
      expect(answer.status).toBe(403);
      expect(answer.text).toContain(`Host \\"${host}\\" is not this server`);
      expect(through).toEqual([]);
    }
  });

  it("a page's fetch without Origin (Sec-Fetch-Site) is refused; a tool's request is signed", async () => {
    expect((await forwardedBy({ headers: { "sec-fetch-site": "same-site" } })).forwarded).toEqual([]);
    const { answer, forwarded: through } = await forwardedBy({ headers: { "sec-fetch-mode": "cors" } });
    expect(answer.status).toBe(200);
    expect(through[0]?.headers.authorization).toMatch(/^OAuth .*oauth_token="user-token"/);
  });

  it("an allowed origin is answered with CORS headers, its preflight too; its page headers are not forwarded", async () => {
    const opened = await createSigningProxy({
      target: targetUrl,
      credentials,
      allowedOrigins: ["http://localhost:3000"],
    });
    try {
      const origin = "http://localhost:3000";
      const preflight = await send(opened.url, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers).toMatchObject({
        "access-control-allow-origin": origin,
        "access-control-allow-headers": "content-type",
      });
      const before = forwarded.length;
      const answer = await send(opened.url, { headers: { origin, "sec-fetch-site": "same-site" } });
      expect(answer.status).toBe(200);
      expect(answer.headers["access-control-allow-origin"]).toBe(origin);
      expect(forwarded.slice(before)[0]?.headers).not.toHaveProperty("origin");
      expect(forwarded.slice(before)[0]?.headers).not.toHaveProperty("sec-fetch-site");
    } finally {
      await opened.close();
    }
  });
});

describe("bad requests", () => {
  it("a target that is not a path (absolute form, asterisk) answers 400 and is not forwarded", async () => {
    for (const path of ["http://example.invalid/12/accounts", "*"]) {
      const { answer, forwarded: through } = await forwardedBy({ method: "OPTIONS", path });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("is not a path");
      expect(through).toEqual([]);
    }
  });

  it("a declared Content-Length over the limit answers 413 before the body is sent", async () => {
    // Only the headers go out: the answer arrives although the 20 MB declared never do.
    const answer = await send(proxy.url, {
      method: "POST",
      headers: { "content-length": String(20 * 1024 * 1024) },
      headersOnly: true,
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("over 1024 bytes");
  });
});

describe("other machines", () => {
  it("opening to them takes a token of 16 characters or more", async () => {
    await expect(createSigningProxy({ target: targetUrl, credentials, remoteToken: "short" })).rejects.toThrow(
      "remoteToken must be at least 16 characters",
    );
  });

  it("a client of this machine needs no token; the token header is never forwarded", async () => {
    const opened = await createSigningProxy({
      target: targetUrl,
      credentials,
      host: "0.0.0.0",
      remoteToken: "a-token-of-enough-length",
    });
    try {
      expect(opened.warnings.join("\n")).toMatch(/WARNING: .*0\.0\.0\.0.*YOUR credentials/s);
      const before = forwarded.length;
      const port = new URL(opened.url).port;
      const answer = await send(`http://127.0.0.1:${port}`, { headers: { [PROXY_TOKEN_HEADER]: "anything" } });
      expect(answer.status).toBe(200);
      expect(forwarded.slice(before)[0]?.headers).not.toHaveProperty(PROXY_TOKEN_HEADER);
    } finally {
      await opened.close();
    }
  });

  it("the bin warns loudly on another interface, and --allow-remote without a token refuses to start", async () => {
    const env = {
      PATH: process.env.PATH,
      XADS_OAUTH_CONSUMER_KEY: "ck",
      XADS_OAUTH_CONSUMER_SECRET: "cs",
      XADS_OAUTH_TOKEN: "t",
      XADS_OAUTH_TOKEN_SECRET: "ts",
    };
    const child = spawn(process.execPath, ["dist/sign-proxy/cli.js", "--target", targetUrl, "--host", "0.0.0.0"], {
      env,
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(stderr).toContain(
      "WARNING: the signing proxy listens on 0.0.0.0, but clients on other machines are refused",
    );

    const refused = spawn(process.execPath, ["dist/sign-proxy/cli.js", "--target", targetUrl, "--allow-remote"], {
      env,
    });
    let refusal = "";
    refused.stderr.on("data", (chunk: Buffer) => {
      refusal += chunk;
    });
    const code = await new Promise((resolve) => refused.once("exit", resolve));
    expect(code).toBe(1);
    expect(refusal).toContain("--allow-remote needs XADS_SIGN_PROXY_TOKEN");
  });
});
