import { describe, expectTypeOf, it } from "vitest";
import type { Ads, Auth } from "../src/index.js";

describe("auth types", () => {
  it("types the bearer-token form body with its only grant type", () => {
    type Body = NonNullable<
      Auth.operations["createBearerToken"]["requestBody"]
    >["content"]["application/x-www-form-urlencoded"];
    expectTypeOf<Body["grant_type"]>().toEqualTypeOf<"client_credentials">();
  });

  it("names the pairs of the access token", () => {
    expectTypeOf<Auth.components["schemas"]["AccessToken"]>().toHaveProperty("user_id").toEqualTypeOf<string>();
  });

  it("types the auth error codes as numbers", () => {
    type Body = Auth.components["schemas"]["AuthErrorBody"];
    expectTypeOf<Body["errors"][number]["code"]>().toEqualTypeOf<number>();
  });
});

describe("ads types", () => {
  it("keeps the version segment in the paths", () => {
    expectTypeOf<Ads.paths>().toHaveProperty("/12/accounts");
  });
});

describe("open objects", () => {
  it("read as records of unknown values, so their fields can be read", () => {
    type Echo = Ads.components["schemas"]["RequestEcho"];
    expectTypeOf<Echo["params"]>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<Echo["params"]["account_id"]>().toEqualTypeOf<unknown>();
  });
});

describe("clearable update parameters", () => {
  it("accept the empty value beside their own type", () => {
    type Query = NonNullable<Ads.operations["updateCampaign"]["parameters"]["query"]>;
    expectTypeOf<"">().toExtend<NonNullable<Query["total_budget_amount_local_micro"]>>();
    expectTypeOf<5_000_000>().toExtend<NonNullable<Query["total_budget_amount_local_micro"]>>();
  });
});
