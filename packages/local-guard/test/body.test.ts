// Bodies within a limit, over a real socket: a declared length over it is refused before any byte is
// read; a chunked body past it is refused as it streams, and nothing of it is kept.
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BodyTooLarge, readBodyWithin } from "../src/index.js";

const LIMIT = 64 * 1024;
let url: string;
const seen: Array<{ outcome: string; readBytes: number }> = [];
const server = createServer((message, response) => {
  let readBytes = 0;
  message.on("data", (chunk: Buffer) => {
    readBytes += chunk.byteLength;
  });
  readBodyWithin(message, LIMIT).then(
    (body) => {
      seen.push({ outcome: `read ${body.byteLength}`, readBytes });
      response.end(String(body.byteLength));
    },
    (error: unknown) => {
      const tooLarge = error as BodyTooLarge;
      seen.push({ outcome: `${tooLarge.name} declared=${tooLarge.declared}`, readBytes });
      response.writeHead(413, { connection: "close" }).end(tooLarge.message);
    },
  );
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends headers, then `chunks` chunks of 16 KiB while the server lets it; resolves with the status. */
function send(headers: Record<string, string>, chunks: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: "POST", headers }, (answer) => {
      let text = "";
      answer.on("data", (chunk: Buffer) => {
        text += chunk;
      });
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, text }));
    });
    outgoing.on("error", reject);
    const chunk = Buffer.alloc(16 * 1024, 97);
    let sent = 0;
    const next = () => {
      if (sent++ >= chunks) return void outgoing.end();
      if (!outgoing.destroyed) outgoing.write(chunk, next);
    };
    next();
  });
}

describe("readBodyWithin", () => {
  it("reads a body within the limit whole", async () => {
    expect(await send({ "content-length": String(2 * 16 * 1024) }, 2)).toEqual({ status: 200, text: "32768" });
  });

  it("refuses a declared length over the limit before reading any of it", async () => {
    // Only the headers go: the answer comes although the client never sends the 20 MB it declared.
    const answer = await send({ "content-length": String(20 * 1024 * 1024) }, -1);
    expect(answer).toEqual({ status: 413, text: `the request body is over ${LIMIT} bytes` });
    expect(seen.at(-1)).toEqual({ outcome: `BodyTooLarge declared=${20 * 1024 * 1024}`, readBytes: 0 });
  });

  it("refuses a chunked body as soon as it passes the limit", async () => {
    const answer = await send({ "transfer-encoding": "chunked" }, 64).catch((error: Error) => ({
      status: -1,
      text: error.message,
    }));
    // The client may see the 413 or, when the server closed while it was still sending, a reset.
    expect([413, -1]).toContain(answer.status);
    const last = seen.at(-1);
    expect(last?.outcome).toBe("BodyTooLarge declared=undefined");
  });
});
