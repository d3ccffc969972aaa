// Bad input never crashes the emulator or changes its state, and answers the API's errors.
import { describe, expect, it, vi } from "vitest";
import { Store } from "../src/store/store.js";
import { accountPath, call, newEmulator } from "./helpers.js";

describe("bad input", () => {
  it("a rejected request changes nothing (snapshot before equals after)", async () => {
    const emu = await newEmulator();
    const before = emu.snapshot();
    const rejected = [
      await call(emu, "POST", accountPath(emu, "/campaigns?name=no-funding")),
      await call(
        emu,
        "POST",
        accountPath(
          emu,
          "/campaigns?funding_instrument_id=lygyi&name=x&daily_budget_amount_local_micro=9&total_budget_amount_local_micro=1",
        ),
      ),
      await call(emu, "PUT", accountPath(emu, `/campaigns/${emu.fixture.campaignId}?entity_status=SOMETIMES`)),
      await call(emu, "DELETE", accountPath(emu, "/campaigns/NOT%20AN%20ID")),
      await call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/campaigns`, { json: [] }),
      await call(emu, "POST", accountPath(emu, "/campaigns?funding_instrument_id=lygyi&name=x"), { anonymous: true }),
    ];
    expect(rejected.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 401]);
    expect(rejected[0]?.body.errors[0]).toMatchObject({
      code: "MISSING_PARAMETER",
      parameter: "funding_instrument_id",
    });
    expect(emu.snapshot()).toEqual(before);
  });

  it("an unknown path answers the API's 404 body for its host", async () => {
    const emu = await newEmulator();
    const ads = await call(emu, "GET", "/12/nothing/here");
    expect(ads.status).toBe(404);
    expect(ads.body).toEqual({
      errors: [expect.objectContaining({ code: "ROUTE_NOT_FOUND" })],
      request: { params: {} },
    });
    const auth = await call(emu, "GET", "https://api.x.com/oauth/nothing");
    expect(auth.body.errors[0].code).toBe(34);
    const v2 = await call(emu, "GET", "https://api.x.com/2/media/nothing");
    expect(v2.body).toMatchObject({ title: "Not Found", status: 404 });
  });

  it("malformed JSON and odd encodings answer 400, a huge body 413, in the API's body", async () => {
    const emu = await newEmulator();
    const batch = `/12/batch/accounts/${emu.fixture.accountId}/campaigns`;
    const malformed = await call(emu, "POST", batch, { headers: { "content-type": "application/json" }, form: "[{" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].code).toBe("INVALID_PARAMETER");
    const huge = await call(emu, "POST", batch, {
      json: [{ operation_type: "Create", params: { name: "x".repeat(2 * 1024 * 1024) } }],
    });
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0]).toMatchObject({ parameter: "body", message: "The request body is over 1048576 bytes" });
    const odd = await call(emu, "GET", accountPath(emu, "/campaigns/%E0%A4%A"));
    expect(odd.status).toBe(400);
    const nul = await call(emu, "GET", accountPath(emu, "/campaigns/%00"));
    expect(nul.status).toBe(400);
  });

  it("an internal error answers 500 INTERNAL_ERROR, is logged with the request, and the emulator goes on", async () => {
    const logged: string[] = [];
    const emu = await newEmulator({ onInternalError: (_error, method, url) => logged.push(`${method} ${url}`) });
    // A bug, once: the store read the list handler makes throws.
    const children = vi.spyOn(Store.prototype, "children").mockImplementationOnce(() => {
      throw new TypeError("a bug in the store");
    });
    try {
      const answer = await call(emu, "GET", accountPath(emu, "/campaigns"));
      expect(answer.status).toBe(500);
      expect(answer.body.errors[0].code).toBe("INTERNAL_ERROR");
      expect(logged).toEqual([`GET https://ads-api.x.com${accountPath(emu, "/campaigns")}`]);
      expect(emu.requests.at(-1)?.error).toMatch(/TypeError/);
      expect((await call(emu, "GET", accountPath(emu))).status).toBe(200);
      expect((await call(emu, "GET", accountPath(emu, "/campaigns"))).status).toBe(200);
    } finally {
      children.mockRestore();
    }
  });
});
