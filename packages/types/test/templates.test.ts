// The one template rule: a parameter is one segment (empty included), the most literal template wins, the
// method is read in any case, and a malformed escape is kept as sent.
import { describe, expect, it } from "vitest";
import { templateMatcher } from "../src/templates.js";

const matcher = templateMatcher([
  ["GET /12/accounts/{account_id}/cards/{card_id}", "getCard"],
  ["GET /12/accounts/{account_id}/cards/all", "listAllCards"],
  ["PUT /12/accounts/{account_id}/cards/{card_id}", "updateCard"],
  ["get /12/accounts", "listAccounts"],
]);

describe("templateMatcher", () => {
  it("prefers the template with more literal segments, whatever the order given", () => {
    expect(matcher.find("GET", "/12/accounts/a1/cards/all")?.value).toBe("listAllCards");
    expect(matcher.find("GET", "/12/accounts/a1/cards/c9")).toEqual({
      method: "GET",
      template: "/12/accounts/{account_id}/cards/{card_id}",
      value: "getCard",
      params: { account_id: "a1", card_id: "c9" },
    });
  });

  it("reads the method in any case and decodes parameters, keeping a malformed escape", () => {
    expect(matcher.find("get", "/12/accounts")?.value).toBe("listAccounts");
    expect(matcher.find("GET", "/12/accounts/a%2F1/cards/%E0%A4%A")?.params).toEqual({
      account_id: "a/1",
      card_id: "%E0%A4%A",
    });
  });

  it("takes an empty segment as an empty parameter, and never another segment count or method", () => {
    expect(matcher.find("GET", "/12/accounts//cards/c9")?.params).toEqual({ account_id: "", card_id: "c9" });
    expect(matcher.find("GET", "/12/accounts/a1/cards")).toBeUndefined();
    expect(matcher.find("DELETE", "/12/accounts/a1/cards/c9")).toBeUndefined();
  });

  it("lists every method's templates a path matches, the most literal first", () => {
    expect(matcher.all("/12/accounts/a1/cards/all").map((m) => m.value)).toEqual([
      "listAllCards",
      "getCard",
      "updateCard",
    ]);
    expect(matcher.all("/nowhere")).toEqual([]);
  });
});
