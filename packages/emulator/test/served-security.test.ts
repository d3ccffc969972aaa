// The served emulator under hostile input and from other origins: the controls answer only this
// machine's own tools, a request that names no URL answers 400, an oversized body 413 before it is
// read, and nothing sent can become a field it does not declare.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator, Served } from "../src/index.js";
import { accountPath, authorization, call, newEmulator } from "./helpers.js";

let emu: Emulator;
let served: Served;
let ads: URL;

beforeAll(async () => {
  emu = await newEmulator({ auth: "lenient" });
  served = await emu.listen();
  ads = new URL(served.urls.ads);
});
afterAll(() => served?.close());

/** Writes `head` (and `body`) on a fresh connection as it is; resolves with the answer's status and text. */
function raw(head: string, body = ""): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(ads.port), ads.hostname);
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text: dechunked(text) }),
    );
    socket.on("error", reject);
    socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`, "latin1");
  });
}

/** The answer with a chunked body joined back into one (the head as it came). */
function dechunked(text: string): string {
  const split = text.indexOf("\r\n\r\n");
  if (!/^transfer-encoding: chunked/im.test(text.slice(0, split))) return text;
  let rest = text.slice(split + 4);
  let body = "";
  for (let size = Number.parseInt(rest, 16); size > 0; size = Number.parseInt(rest, 16)) {
    const start = rest.indexOf("\r\n") + 2;
    body += rest.slice(start, start + size);
    rest = rest.slice(start + size + 2);
  }
  return `${text.slice(0, split + 4)}${body}`;
}

const hostLine = () => `Host: ${ads.host}`;

describe("the controls answer only this machine's own tools", () => {
  it("a cross-site text/plain POST (no preflight) to reset is refused, and nothing is reset", async () => {
    emu.clock.advance(1000);
    const before = emu.clock.now();
    const answer = await raw(
      `POST /_emulator/reset HTTP/1.1\r\n${hostLine()}\r\nOrigin: https://attacker.example\r\nContent-Type: text/plain\r\nContent-Length: 2`,
      "{}",
    );
    expect(answer.status).toBe(403);
    expect(answer.text).toContain("Origin https://attacker.example");
    expect(emu.clock.now()).toBe(before);
  });

  it("a foreign Host (DNS rebinding) cannot read the fixture or the snapshot; this machine's name can", async () => {
    for (const path of ["fixture", "snapshot"]) {
      const refused = await raw(`GET /_emulator/${path} HTTP/1.1\r\nHost: attacker.example:${ads.port}`);
      expect(refused.status).toBe(403);
      expect(refused.text).not.toContain(emu.fixture.consumerSecret);
    }
    const own = await raw(`GET /_emulator/fixture HTTP/1.1\r\nHost: localhost:${ads.port}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain(emu.fixture.consumerSecret);
  });

  it("a page's request without Origin (Sec-Fetch-Site: cross-site) is refused", async () => {
    const answer = await raw(`GET /_emulator/requests HTTP/1.1\r\n${hostLine()}\r\nSec-Fetch-Site: cross-site`);
    expect(answer.status).toBe(403);
  });

  it("on loopback no token is made; on another interface one is, printed by the bin, and loopback tools still pass", async () => {
    expect(served.controlToken).toBeUndefined();
    const wide = await emu.listen({ host: "0.0.0.0" });
    try {
      expect(wide.controlToken).toMatch(/^[\w-]{32}$/);
      const port = new URL(wide.urls.ads).port;
      expect((await fetch(`http://127.0.0.1:${port}/_emulator/clock`)).status).toBe(200);
    } finally {
      await wide.close();
    }
    const given = await emu.listen({ controlToken: "chosen-token-for-ci" });
    expect(given.controlToken).toBe("chosen-token-for-ci");
    await given.close();
  });
});

describe("a request that names no URL answers 400 in the document's body, and is logged", () => {
  it.each([
    ["an absolute target", "GET http://example.invalid/12/accounts HTTP/1.1", "own"],
    ["an asterisk", "OPTIONS * HTTP/1.1", "own"],
    ["a port out of range", "GET /12/accounts HTTP/1.1", "Host: x:99999"],
    ["an unclosed IPv6 literal", "GET /12/accounts HTTP/1.1", "Host: [::1"],
  ])("%s", async (_name, line, host) => {
    const answer = await raw(`${line}\r\n${host === "own" ? hostLine() : host}`);
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.text.slice(answer.text.indexOf("\r\n\r\n") + 4));
    expect(body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "request" });
    expect(body.errors[0].message).toMatch(/^Malformed request: /);
    const target = line.split(" ")[1];
    expect(emu.requests.at(-1)).toMatchObject({ method: line.split(" ")[0], url: target, status: 400 });
  });
});

describe("bodies", () => {
  it("a declared Content-Length over the limit answers 413 at once, before any byte of the body", async () => {
    // Eight requests declaring 20 MB each, sending none of it: each is answered, nothing is buffered.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        raw(
          `POST /12/batch/accounts/${emu.fixture.accountId}/campaigns HTTP/1.1\r\n${hostLine()}\r\nAuthorization: OAuth mock\r\nContent-Type: application/json\r\nContent-Length: ${20 * 1024 * 1024}`,
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.text).toContain("The request body is over 1048576 bytes");
    }
  });

  it("a chunked body is read only up to the limit, then answered 413", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(32);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 64 MB offered; the answer comes after the first megabyte.
        if (sent++ < 1024) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const answer = await fetch(`${served.urls.ads}/12/batch/accounts/${emu.fixture.accountId}/campaigns`, {
      method: "POST",
      headers: { authorization: "OAuth mock", "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(sent).toBeLessThan(1024);
  });

  it("invalid UTF-8 in a body, a form or a query is refused rather than stored as U+FFFD", async () => {
    const path = `/12/accounts/${emu.fixture.accountId}/campaigns`;
    const url = `${served.urls.ads}${path}`;
    const before = JSON.stringify(emu.snapshot().store);
    const form = await fetch(url, {
      method: "POST",
      headers: { authorization: "OAuth mock", "content-type": "application/x-www-form-urlencoded" },
      body: "funding_instrument_id=lygyi&name=%FF%FE",
    });
    expect(form.status).toBe(400);
    expect((await form.json()).errors[0]).toMatchObject({ parameter: "body", message: "The body is not valid UTF-8" });
    const query = await fetch(`${url}?funding_instrument_id=lygyi&name=%C3%28`, {
      method: "POST",
      headers: { authorization: "OAuth mock" },
    });
    expect((await query.json()).errors[0]).toMatchObject({ parameter: "query" });
    const batch = await fetch(`${served.urls.ads}/12/batch/accounts/${emu.fixture.accountId}/campaigns`, {
      method: "POST",
      headers: { authorization: "OAuth mock", "content-type": "application/json" },
      body: Buffer.concat([
        Buffer.from('[{"operation_type":"Create","params":{"name":"'),
        Buffer.from([0xff]),
        Buffer.from('"}}]'),
      ]),
    });
    expect(batch.status).toBe(400);
    expect(JSON.stringify(emu.snapshot().store)).toBe(before);
    const fine = await fetch(`${url}?funding_instrument_id=lygyi&name=${encodeURIComponent("caf\u00e9 100%")}`, {
      method: "POST",
      headers: { authorization: "OAuth mock" },
    });
    expect(fine.status).toBe(200);
    expect((await fine.json()).data.name).toBe("caf\u00e9 100%");
  });
});

describe("bodies nested deeper than the validator's limit", () => {
  const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

  it.each([3_000, 10_000])(
    "a batch create %i levels deep is refused at the door, and nothing is stored",
    async (levels) => {
      const strict = await newEmulator();
      const before = strict.snapshot();
      const item = `{"operation_type":"Create","params":{"funding_instrument_id":"${strict.fixture.fundingInstrumentId}","name":"deep","extra":${deep(levels)}}}`;
      const answer = await call(strict, "POST", `/12/batch/accounts/${strict.fixture.accountId}/campaigns`, {
        headers: { "content-type": "application/json" },
        form: `[${item}]`,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({
        parameter: "body",
        message: expect.stringContaining("deeper than 100"),
      });
      expect(strict.snapshot()).toEqual(before);
    },
  );

  it("a card whose extra field is 6,000 levels deep is refused, so lists and the snapshot keep answering", async () => {
    const strict = await newEmulator();
    const answer = await call(strict, "POST", accountPath(strict, "/cards"), {
      headers: { "content-type": "application/json" },
      rawBody: new TextEncoder().encode(`{"name":"poison","extra":${deep(6_000)}}`).buffer,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({
      parameter: "body",
      message: expect.stringContaining("deeper than 100"),
    });
    expect((await call(strict, "GET", accountPath(strict, "/cards"))).status).toBe(200);
    expect(() => JSON.stringify(strict.snapshot())).not.toThrow();
  });
});

describe("parameters named like the prototype's members", () => {
  it("never become fields of a record", async () => {
    const strict = await newEmulator();
    const url = `https://ads-api.x.com/12/accounts/${strict.fixture.accountId}/campaigns/${strict.fixture.campaignId}?toString=x&valueOf=y&constructor=c&hasOwnProperty=h&__proto__=p&name=renamed`;
    const answer = await strict.fetch(url, {
      method: "PUT",
      headers: { authorization: authorization(strict, "PUT", url) },
    });
    expect(answer.status).toBe(200);
    const record = (await answer.json()).data;
    expect(record.name).toBe("renamed");
    for (const name of ["toString", "valueOf", "constructor", "hasOwnProperty", "__proto__"])
      expect(Object.hasOwn(record, name)).toBe(false);
    const stored = strict.snapshot().store.records.campaign?.find((r) => r.data.id === strict.fixture.campaignId);
    expect(Object.keys(stored?.data ?? {})).not.toContain("toString");
  });

  it("a batch item's `__proto__` is not the prototype of its parameters", async () => {
    const strict = await newEmulator();
    const url = `https://ads-api.x.com/12/batch/accounts/${strict.fixture.accountId}/campaigns`;
    const body = `[{"operation_type":"Create","params":{"__proto__":{"entity_status":"PAUSED","name":"inherited"},"funding_instrument_id":"${strict.fixture.fundingInstrumentId}","name":"own","entity_status":"ACTIVE"}}]`;
    const answer = await strict.fetch(url, {
      method: "POST",
      headers: { authorization: authorization(strict, "POST", url), "content-type": "application/json" },
      body,
    });
    const created = (await answer.json()).data?.[0];
    expect(created?.name).toBe("own");
    expect(created?.entity_status).toBe("ACTIVE");
  });
});

describe("the internal errors' log", () => {
  it("keeps the error's class and message, not its stack", async () => {
    const hooked: string[] = [];
    const strict = await newEmulator({ onInternalError: (error) => hooked.push(error) });
    const snapshot = strict.snapshot();
    const url = `https://ads-api.x.com/12/accounts/${strict.fixture.accountId}`;
    const original = JSON.stringify;
    // The answer cannot be made once: an internal error.
    JSON.stringify = (() => {
      JSON.stringify = original;
      throw new RangeError("Maximum call stack size exceeded");
    }) as typeof original;
    try {
      const answer = await strict.fetch(url, { headers: { authorization: authorization(strict, "GET", url) } });
      expect(answer.status).toBe(500);
    } finally {
      JSON.stringify = original;
    }
    expect(strict.requests.at(-1)?.error).toBe("RangeError: Maximum call stack size exceeded");
    expect(hooked[0]).toMatch(/\n\s+at /);
    expect(strict.snapshot()).toEqual(snapshot);
  });

  it("a write whose answer cannot be made is undone, so a retrying client makes no duplicate", async () => {
    const strict = await newEmulator({ onInternalError: () => undefined });
    const url = `https://ads-api.x.com/12/accounts/${strict.fixture.accountId}/campaigns?funding_instrument_id=${strict.fixture.fundingInstrumentId}&name=once`;
    const before = strict.snapshot();
    const original = JSON.stringify;
    JSON.stringify = ((value: unknown, ...rest: unknown[]) => {
      if ((value as { data?: { name?: string } })?.data?.name === "once") {
        JSON.stringify = original;
        throw new RangeError("Maximum call stack size exceeded");
      }
      return original(value, ...(rest as []));
    }) as typeof original;
    try {
      const answer = await strict.fetch(url, {
        method: "POST",
        headers: { authorization: authorization(strict, "POST", url) },
      });
      expect(answer.status).toBe(500);
    } finally {
      JSON.stringify = original;
    }
    expect(strict.snapshot().store).toEqual(before.store);
  });
});

describe("the bin's snapshot file", () => {
  const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

  async function run(args: string[], stopWith?: NodeJS.Signals) {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (stopWith && output.includes("Controls:")) child.kill(stopWith);
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    return { code, output };
  }

  it("refuses a broken snapshot at start, naming the file and the problem, and leaves the file alone", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "xads-emulator-")), "state.json");
    const fresh = (await newEmulator()).snapshot();
    const broken = {
      ...fresh,
      store: { ...fresh.store, records: { campaign: [{ seq: 1, parentId: null, data: null }] } },
    };
    writeFileSync(file, JSON.stringify(broken));
    const { code, output } = await run(["--snapshot", file, "--no-rate-limits"]);
    expect(code).toBe(1);
    expect(output).toContain(`--snapshot ${file}: `);
    expect(output).toMatch(/snapshot.*campaign/);
    expect(readFileSync(file, "utf8")).toBe(JSON.stringify(broken));
  });

  it("a save that fails keeps the previous file and says so, exiting 1", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "xads-emulator-")), "state.json");
    writeFileSync(file, `${JSON.stringify((await newEmulator()).snapshot())}\n`);
    const previous = readFileSync(file, "utf8");
    mkdirSync(`${file}.saving`); // in the way of the temporary file
    const { code, output } = await run(["--snapshot", file, "--no-rate-limits"], "SIGTERM");
    expect(code).toBe(1);
    expect(output).toContain(`state not saved to ${file}`);
    expect(output).toContain("it keeps its previous content");
    expect(readFileSync(file, "utf8")).toBe(previous);
  });

  it("warns on another interface and prints the controls' token", async () => {
    const { output } = await run(["--host", "0.0.0.0", "--no-rate-limits"], "SIGINT");
    expect(output).toMatch(/WARNING: the emulator listens on 0\.0\.0\.0/);
    expect(output).toMatch(/x-xads-emulator-token: [\w-]{32}/);
  });
});
