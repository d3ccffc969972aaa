// Observers see every exchange as it ends: what was asked and answered, who signed it, why it was
// refused, and the state rules its writes ran, held or broken. Without one, nothing is gathered.
import { describe, expect, it } from "vitest";
import type { Exchange } from "../src/index.js";
import { accountPath, call, newEmulator } from "./helpers.js";

describe("observe", () => {
  it("tells each exchange: the request, the answer, the credential and the rules run", async () => {
    const emu = await newEmulator();
    const seen: Exchange[] = [];
    emu.observe({
      exchange: (exchange) => {
        seen.push(exchange);
      },
    });

    expect((await call(emu, "POST", accountPath(emu, "/custom_audiences?name=twice"))).status).toBe(200);
    expect((await call(emu, "POST", accountPath(emu, "/custom_audiences?name=twice"))).status).toBe(400);

    expect(seen).toHaveLength(2);
    const [held, broken] = seen as [Exchange, Exchange];
    expect(held).toMatchObject({
      method: "POST",
      operationId: "createCustomAudience",
      status: 200,
      credential: emu.fixture.token,
      errors: [],
      loopback: true,
    });
    expect(held.url).toContain("/custom_audiences?name=twice");
    expect(held.requestHeaders.authorization).toMatch(/^OAuth /);
    expect(held.oauth?.oauth_consumer_key).toBe(emu.fixture.consumerKey);
    expect(JSON.parse(held.responseBody ?? "{}").data.name).toBe("twice");
    expect(held.rules).toContainEqual(expect.objectContaining({ ids: ["custom-audience-name-unique"], held: true }));
    expect(broken.rules).toContainEqual(expect.objectContaining({ ids: ["custom-audience-name-unique"], held: false }));
    expect(broken.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "name" }]);
    expect(broken.refusedBy).toBeUndefined();
  });

  it("says what refused a request before its behaviour ran", async () => {
    const emu = await newEmulator();
    const seen: Exchange[] = [];
    emu.observe({
      exchange: (exchange) => {
        seen.push(exchange);
      },
    });
    await call(emu, "GET", "/12/accounts", { consumerSecret: "wrong" });
    await call(emu, "GET", "/12/nowhere");
    await call(emu, "GET", accountPath(emu, "/campaigns?count=5000"));
    expect(seen.map((e) => [e.status, e.refusedBy])).toEqual([
      [401, "auth"],
      [404, "route"],
      [400, "validation"],
    ]);
  });

  it("stops telling a detached observer, and an observer that throws does not fail the request", async () => {
    const errors: string[] = [];
    const emu = await newEmulator({ onInternalError: (error) => errors.push(error) });
    const seen: Exchange[] = [];
    const detach = emu.observe({
      exchange: (exchange) => {
        seen.push(exchange);
      },
    });
    emu.observe({
      exchange: () => {
        throw new Error("observer broke");
      },
    });
    expect((await call(emu, "GET", "/12/accounts")).status).toBe(200);
    detach();
    expect((await call(emu, "GET", "/12/accounts")).status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(errors).toEqual(["observer failed: observer broke", "observer failed: observer broke"]);
  });
});
