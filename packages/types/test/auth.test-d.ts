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
