// "Say which signature the client made": each request below is signed the way a buggy client signs it,
// and the 401 names that variant (in the message on loopback, and in the request log).
import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import {
  baseStringOf,
  encodePairs,
  hmacSha1Signature,
  joinEncoded,
  type Pair,
  parameterString,
  percentEncode,
} from "../src/auth/oauth1.js";
import { MAX_HINT_PARAMETERS, MAX_HINT_SIGNATURES, signatureHint } from "../src/auth/signature-hints.js";
import { signedParams } from "../src/auth/signed-params.js";
import type { Emulator } from "../src/index.js";
import { accountPath, authorization, call, newEmulator, type SignOptions } from "./helpers.js";

const ADS = "https://ads-api.x.com";

/** Sends `method sent` signed as if for `signedFor` (the client's mistake), and returns the answer. */
async function misSigned(
  emu: Emulator,
  method: string,
  sent: string,
  signedFor: string,
  options: SignOptions & { headers?: Record<string, string>; sentForm?: string } = {},
) {
  const header = authorization(emu, method, signedFor, options);
  const form = options.sentForm ?? options.form;
  return call(emu, method, sent, {
    headers: { authorization: header, ...options.headers },
    ...(form !== undefined ? { form } : {}),
  });
}

/**
 * An Authorization whose signature is of the base string a signer with its own reading makes:
 * `baseOf` gets the header's oauth_* pairs and returns the base string.
 */
function authorizationOf(
  emu: Emulator,
  baseOf: (oauth: Pair[]) => string,
  header: Record<string, string> = {},
): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: emu.fixture.consumerKey,
    oauth_nonce: `n-${Math.random().toString(36).slice(2)}`,
    oauth_signature_method: "HMAC-SHA1",
    oauth_timestamp: String(Math.floor(emu.clock.now() / 1000)),
    oauth_token: emu.fixture.token,
    oauth_version: "1.0",
    ...header,
  };
  const pairs = Object.entries(oauth).filter(([, value]) => value !== "");
  const signature = hmacSha1Signature(baseOf(pairs), emu.fixture.consumerSecret, emu.fixture.tokenSecret);
  return `OAuth ${[...pairs, ["oauth_signature", signature]].map(([k, v]) => `${k}="${percentEncode(v ?? "")}"`).join(", ")}`;
}

/** `+` for a space in the parameter string, where RFC 5849 wants `%20`. */
const plusForSpace = (text: string) => percentEncode(text).replace(/%20/g, "+");

/** The hint of a 401: the part of the message after the API's own sentence. */
function hintOf(answer: Awaited<ReturnType<typeof call>>): string {
  expect(answer.status).toBe(401);
  const message = String(answer.body.errors[0].message);
  expect(message.startsWith("Could not authenticate you: the signature does not match; ")).toBe(true);
  return message.slice(message.indexOf("; ") + 2);
}

describe("the URL the client signed", () => {
  it("http instead of https", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu);
    const hint = hintOf(await misSigned(emu, "GET", `${ADS}${path}`, `http://ads-api.x.com${path}`));
    expect(hint).toBe(`your signature matches the URL http://ads-api.x.com${path} (http instead of https)`);
  });

  it("http on a former host name", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu);
    const hint = hintOf(await misSigned(emu, "GET", `${ADS}${path}`, `http://ads-api.twitter.com${path}`));
    expect(hint).toBe(`your signature matches the URL http://ads-api.twitter.com${path} (http instead of https)`);
  });

  it("the local host, for a request sent to the production host (a proxy or --tls)", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu);
    const hint = hintOf(await misSigned(emu, "GET", `${ADS}${path}`, `http://localhost:4011${path}`));
    expect(hint).toBe(
      `your signature matches the URL http://localhost:4011${path} (the local host localhost, not the host the request was sent to)`,
    );
  });

  it("another loopback name than the one the request was sent to", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu);
    const hint = hintOf(await misSigned(emu, "GET", `http://127.0.0.1:4011${path}`, `http://localhost:4011${path}`));
    expect(hint).toMatch(
      /^your signature matches the URL http:\/\/localhost:4011\/12\/accounts\/\w+ \(the local host localhost/,
    );
  });

  it("without the port", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu);
    const hint = hintOf(await misSigned(emu, "GET", `http://127.0.0.1:4011${path}`, `http://127.0.0.1${path}`));
    expect(hint).toBe(`your signature matches the URL http://127.0.0.1${path} (without the port 4011)`);
  });

  it("with the default port written out", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu);
    // What a signer that does not normalize the URL puts in the base string.
    const header = authorizationOf(emu, (oauth) =>
      baseStringOf("GET", `https://ads-api.x.com:443${path}`, parameterString(oauth)),
    );
    const answer = await call(emu, "GET", `${ADS}${path}`, { headers: { authorization: header } });
    expect(hintOf(answer)).toBe(
      `your signature matches the URL https://ads-api.x.com:443${path} (with the default port 443 written out)`,
    );
  });
});

describe("the parameters the client signed", () => {
  it("without a query parameter", async () => {
    const emu = await newEmulator();
    const hint = hintOf(await misSigned(emu, "GET", `${ADS}/12/accounts?count=5`, `${ADS}/12/accounts`));
    expect(hint).toBe(
      "your signature matches the URL https://ads-api.x.com/12/accounts signed without the query parameter count",
    );
  });

  it("without the whole query string", async () => {
    const emu = await newEmulator();
    const hint = hintOf(
      await misSigned(emu, "GET", `${ADS}/12/accounts?count=5&with_deleted=true`, `${ADS}/12/accounts`),
    );
    expect(hint).toBe(
      "your signature matches the URL https://ads-api.x.com/12/accounts signed without the query string",
    );
  });

  it("with a query parameter counted twice", async () => {
    const emu = await newEmulator();
    const hint = hintOf(
      await misSigned(emu, "GET", `${ADS}/12/accounts?count=5`, `${ADS}/12/accounts?count=5&count=5`),
    );
    expect(hint).toBe(
      "your signature matches the URL https://ads-api.x.com/12/accounts signed with the query parameter count counted twice",
    );
  });

  it("without the form body", async () => {
    const emu = await newEmulator();
    const url = `${ADS}${accountPath(emu, "/campaigns")}`;
    const hint = hintOf(await misSigned(emu, "POST", url, url, { sentForm: "name=demo&entity_status=PAUSED" }));
    expect(hint).toBe(`your signature matches the URL ${url} signed without the form body`);
  });

  it("+ for the spaces of the query", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu, "/campaigns");
    const query: Pair[] = [["q", "a b"]];
    const header = authorizationOf(emu, (oauth) =>
      baseStringOf("GET", `${ADS}${path}`, joinEncoded([...encodePairs(query, plusForSpace), ...encodePairs(oauth)])),
    );
    const answer = await call(emu, "GET", `${ADS}${path}?q=a%20b`, { headers: { authorization: header } });
    expect(hintOf(answer)).toBe(
      `your signature matches the URL ${ADS}${path} signed with + for the spaces of the query (not %20)`,
    );
  });

  it("+ for the spaces of the form body", async () => {
    const emu = await newEmulator();
    const url = `${ADS}${accountPath(emu, "/campaigns")}`;
    const form: Pair[] = [["name", "a b"]];
    const header = authorizationOf(emu, (oauth) =>
      baseStringOf("POST", url, joinEncoded([...encodePairs(form, plusForSpace), ...encodePairs(oauth)])),
    );
    const answer = await call(emu, "POST", url, { form: "name=a+b", headers: { authorization: header } });
    expect(hintOf(answer)).toBe(
      `your signature matches the URL ${url} signed with + for the spaces of the form body (not %20)`,
    );
  });

  it("+ in the query read as a plus sign", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu, "/campaigns");
    // On the wire `q=a+b` is "a b"; a client that only percent-decodes signs "a+b".
    const answer = await misSigned(emu, "GET", `${ADS}${path}?q=a+b`, `${ADS}${path}?q=a%2Bb`);
    expect(hintOf(answer)).toBe(
      `your signature matches the URL ${ADS}${path} signed reading + in the query as a plus sign (on the wire it is a space)`,
    );
  });

  it("a header parameter counted once, with another mistake (the emulator accepts it counted once or twice)", async () => {
    const emu = await newEmulator();
    const url = `${ADS}${accountPath(emu, "/campaigns")}`;
    const http = url.replace("https:", "http:");
    // oauth_token in the header and the form body, counted once, for the http URL.
    const header = authorizationOf(emu, (oauth) => baseStringOf("POST", http, parameterString(oauth)));
    const answer = await call(emu, "POST", url, {
      form: `oauth_token=${emu.fixture.token}`,
      headers: { authorization: header },
    });
    expect(hintOf(answer)).toBe(
      `your signature matches the URL ${http} (http instead of https) signed counting oauth_token once (also sent in the query or form body)`,
    );
  });

  it("oauth_version signed but not sent", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu);
    const header = authorizationOf(
      emu,
      (oauth) => baseStringOf("GET", `${ADS}${path}`, parameterString([...oauth, ["oauth_version", "1.0"]])),
      { oauth_version: "" },
    );
    const answer = await call(emu, "GET", `${ADS}${path}`, { headers: { authorization: header } });
    expect(hintOf(answer)).toBe(
      `your signature matches the URL ${ADS}${path} signed with oauth_version=1.0, which the header does not send`,
    );
  });
});

describe("what the hint says and where", () => {
  it("says what is left to check when no variant matches, and never shows a secret or the signature", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu);
    const answer = await misSigned(emu, "GET", `${ADS}${path}`, `${ADS}${path}`, { consumerSecret: "wrong" });
    const hint = hintOf(answer);
    expect(hint).toMatch(
      /^your signature matches none of \d+ common signing mistakes: check the consumer secret and the token secret$/,
    );
    const logged = emu.requests.at(-1)?.signatureHint ?? "";
    expect(logged).toBe(hint);
    const sent = /oauth_signature="([^"]+)"/.exec(authorization(emu, "GET", `${ADS}${path}`))?.[1] ?? "";
    for (const text of [answer.text, logged])
      for (const secret of [
        emu.fixture.consumerSecret,
        emu.fixture.tokenSecret,
        emu.fixture.token,
        decodeURIComponent(sent),
      ])
        expect(text).not.toContain(secret);
  });

  it("keeps the base-string header and logs the hint of every failed signature", async () => {
    const emu = await newEmulator();
    const answer = await misSigned(emu, "GET", `${ADS}/12/accounts?count=5`, `${ADS}/12/accounts`);
    expect(answer.headers.get("x-xads-emulator-base-string")).toMatch(
      /^GET&https%3A%2F%2Fads-api\.x\.com%2F12%2Faccounts&count%3D5/,
    );
    expect(emu.requests.at(-1)).toMatchObject({
      status: 401,
      signatureHint:
        "your signature matches the URL https://ads-api.x.com/12/accounts signed without the query parameter count",
    });
    // A signature that matches logs no hint.
    await call(emu, "GET", `${ADS}/12/accounts?count=5`);
    expect(emu.requests.at(-1)?.status).toBe(200);
    expect(emu.requests.at(-1)).not.toHaveProperty("signatureHint");
  });

  it("computes at most a fixed number of signatures, however many parameters the request has", () => {
    const query = Array.from({ length: 200 }, (_, i) => `p${i}=v%20${i}+x`).join("&");
    const url = new URL(`https://ads-api.x.com/12/accounts?${query}`);
    let computed = 0;
    const hint = signatureHint({
      method: "POST",
      url,
      accepted: ["https://ads-api.x.com/12/accounts", "https://ads-api-sandbox.x.com/12/accounts"],
      params: signedParams(url, "a=b+c&d=", { oauth_consumer_key: "k", oauth_token: "t" }),
      localPort: 4011,
      matches: () => {
        computed++;
        return false;
      },
    });
    expect(computed).toBe(MAX_HINT_SIGNATURES);
    expect(hint).toBe(
      `your signature matches none of ${MAX_HINT_SIGNATURES} common signing mistakes: check the consumer secret and the token secret`,
    );
  });

  it("tries nothing on a request with very many parameters (a large form), and says so", () => {
    const url = new URL("https://ads-api.x.com/12/accounts");
    const form = Array.from({ length: MAX_HINT_PARAMETERS + 1 }, (_, i) => `f${i}=v`).join("&");
    let computed = 0;
    const hint = signatureHint({
      method: "POST",
      url,
      accepted: ["https://ads-api.x.com/12/accounts"],
      params: signedParams(url, form, { oauth_consumer_key: "k" }),
      matches: () => {
        computed++;
        return false;
      },
    });
    expect(computed).toBe(0);
    expect(hint).toMatch(/^the request has over 500 parameters, too many to try signing mistakes on/);
  });

  const outward = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

  it.skipIf(!outward)("tells another machine only the API's message; the log still has the hint", async () => {
    const emu = await newEmulator();
    const served = await emu.listen({ host: "0.0.0.0" });
    try {
      const port = new URL(served.urls.ads).port;
      const sent = `http://${outward}:${port}/12/accounts?count=5`;
      const header = authorization(emu, "GET", `http://${outward}:${port}/12/accounts`);
      const answer = await fetch(sent, { headers: { authorization: header } });
      expect(answer.status).toBe(401);
      const body = (await answer.json()) as { errors: Array<{ message: string }> };
      expect(body.errors[0]?.message).toBe("Could not authenticate you: the signature does not match");
      expect(answer.headers.get("x-xads-emulator-base-string")).toBeNull();
      expect(emu.requests.at(-1)?.signatureHint).toBe(
        `your signature matches the URL http://${outward}:${port}/12/accounts signed without the query parameter count`,
      );
    } finally {
      await served.close();
    }
  });
});
