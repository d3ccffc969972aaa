// An operation's refusals carry its fixed headers as its answers do: every ads answer has
// x-current-api-version (the facts file), a 401 and a 429 included.
import { describe, expect, it } from "vitest";
import { createEmulator } from "../src/index.js";

describe("refusals of an ads operation", () => {
  it("carry x-current-api-version on a 401 (bad credentials), a 429 (the window spent), a fault and a 405", async () => {
    const emu = await createEmulator({ auth: "strict", rateLimits: true });
    const unsigned = await emu.fetch("https://ads-api.x.com/12/accounts", { headers: { authorization: "OAuth x" } });
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get("x-current-api-version")).toBe("12");

    const lenient = await createEmulator({ auth: "lenient", rateLimits: true });
    const auth = { authorization: "OAuth mock" };
    let answer = await lenient.fetch("https://ads-api.x.com/12/accounts", { headers: auth });
    for (let i = 0; i < 100 && answer.status !== 429; i++)
      answer = await lenient.fetch("https://ads-api.x.com/12/accounts", { headers: auth });
    expect(answer.status).toBe(429);
    expect(answer.headers.get("x-current-api-version")).toBe("12");
    expect(answer.headers.get("x-rate-limit-remaining")).toBe("0");

    lenient.reset();
    lenient.faults.add({ operationId: "listAccounts", status: 503 });
    const fault = await lenient.fetch("https://ads-api.x.com/12/accounts", { headers: auth });
    expect(fault.status).toBe(503);
    expect(fault.headers.get("x-current-api-version")).toBe("12");

    const wrongMethod = await lenient.fetch("https://ads-api.x.com/12/accounts", { method: "PATCH", headers: auth });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("x-current-api-version")).toBe("12");
  });
});
