// Sandbox-only operations exist on the sandbox host alone (issue 28, item 8c): their `servers` in the
// spec name only the sandbox host, so on the production host, current or former name, the method is
// not there and the answer is the one for any method a path does not serve (405 METHOD_NOT_ALLOWED,
// naming where it is served). The sandbox host and a plain local port serve them.
import { getOperation } from "@xads/validator";
import { afterAll, describe, expect, it } from "vitest";
import { operations } from "../src/generated/index.js";
import type { Served } from "../src/index.js";
import { authorization, call, newEmulator } from "./helpers.js";

const PRODUCTION = ["https://ads-api.x.com", "https://ads-api.twitter.com"];
const SANDBOX = ["https://ads-api-sandbox.x.com", "https://ads-api-sandbox.twitter.com"];

const sandboxOnly = operations.filter((o) => o.servers !== null);

type Emulator = Awaited<ReturnType<typeof newEmulator>>;

const pathOf = (emu: Emulator, template: string) =>
  template
    .replace("{account_id}", emu.fixture.accountId)
    .replace("{funding_instrument_id}", emu.fixture.fundingInstrumentId);

const servers: Served[] = [];
afterAll(async () => {
  for (const served of servers) await served.close();
});

describe("sandbox-only operations on the production host (issue 28, item 8c)", () => {
  it("the spec names the reference's six sandbox-only endpoints, each served by the sandbox host alone", () => {
    expect(sandboxOnly.map((o) => o.id).sort()).toEqual([
      "addAccountFeatures",
      "createAccount",
      "createFundingInstrument",
      "deleteAccount",
      "deleteFundingInstrument",
      "removeAccountFeatures",
    ]);
    for (const operation of sandboxOnly) expect(operation.servers).toEqual(SANDBOX);
  });

  for (const origin of PRODUCTION)
    for (const operation of sandboxOnly)
      it(`${operation.id} on ${origin}: 405 METHOD_NOT_ALLOWED naming the sandbox host, and nothing changes`, async () => {
        const emu = await newEmulator();
        const before = emu.snapshot().store;
        const answer = await call(emu, operation.method, `${origin}${pathOf(emu, operation.path)}`);
        expect(answer.status).toBe(405);
        expect(answer.body.errors[0].code).toBe("METHOD_NOT_ALLOWED");
        expect(answer.body.errors[0].message).toContain(`served by ${SANDBOX[0]} only`);
        const verdict = getOperation(operation.id).validateResponse(405, answer.body, { strict: true });
        expect(verdict.valid ? [] : verdict.errors).toEqual([]);
        expect(emu.snapshot().store).toEqual(before);
      });

  it("the production host keeps serving the paths' other methods (GET /12/accounts)", async () => {
    const emu = await newEmulator();
    for (const origin of PRODUCTION) expect((await call(emu, "GET", `${origin}/12/accounts`)).status).toBe(200);
  });

  for (const origin of SANDBOX)
    it(`${origin} serves them: an account, its funding instrument and a feature are created`, async () => {
      const emu = await newEmulator();
      const account = await call(emu, "POST", `${origin}/12/accounts`);
      expect(account.status, account.text).toBe(200);
      const id = account.body.data[0].id as string;
      const funding = await call(
        emu,
        "POST",
        `${origin}/12/accounts/${id}/funding_instruments?currency=USD&start_time=2026-01-02T00:00:00Z&type=CREDIT_CARD`,
      );
      expect(funding.status, funding.text).toBe(200);
      const features = await call(
        emu,
        "POST",
        `${origin}/12/accounts/${id}/features?feature_keys=PREROLL_VIEWS_OBJECTIVE`,
      );
      expect(features.status, features.text).toBe(200);
    });

  it("a plain local port stands for whichever host it is pointed at: it serves them", async () => {
    const emu = await newEmulator();
    const served = await emu.listen();
    servers.push(served);
    const url = `${served.urls.ads}/12/accounts`;
    const answer = await fetch(url, { method: "POST", headers: { authorization: authorization(emu, "POST", url) } });
    expect(answer.status).toBe(200);
  });
});
