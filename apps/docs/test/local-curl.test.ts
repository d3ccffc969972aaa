// Every operation's curl sample for the local emulator (`pnpm start`: lenient auth, the document's port)
// is accepted by such an emulator: sent as written, none is refused for its credentials or its route.
import { createEmulator } from "@xads/emulator";
import { describe, expect, it } from "vitest";
import { localCurlSample } from "../src/samples.mjs";
import { loadSite } from "../src/site.mjs";
import { curlRequest } from "./curl-command.js";

describe("curl for the local emulator", () => {
  it("reaches every operation with credentials the emulator takes", async () => {
    const emu = await createEmulator({ auth: "lenient" });
    const refused: string[] = [];
    let sent = 0;
    const earlierStep: string[] = [];
    for (const doc of loadSite().referenced) {
      for (const operation of doc.operations) {
        emu.reset();
        sent++;
        const sample = localCurlSample(operation, { port: doc.mockPort, fixture: emu.fixture });
        const { url, init } = curlRequest(sample);
        expect(url.startsWith(`http://127.0.0.1:${doc.mockPort}/`)).toBe(true);
        const response = await emu.fetch(url, init);
        const body = await response.text();
        // A 401 for the credentials; the operations that take a token issued by an earlier step (a request
        // token, a bearer token) answer 89 "Invalid or expired token" for the example's, as the API does.
        const tokenOfEarlierStep = response.status === 401 && body.includes('"code":89');
        if (tokenOfEarlierStep) {
          earlierStep.push(operation.id);
          continue;
        }
        if (response.status === 401 || response.status === 405)
          refused.push(`${operation.id} ${response.status} ${body}`);
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(refused).toEqual([]);
    expect(earlierStep.every((id) => /Token/.test(id))).toBe(true);
  });
});
