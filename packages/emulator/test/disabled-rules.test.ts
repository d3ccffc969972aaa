// `disabledRules`: a state rule switched off on purpose, so that a suite can show it notices.
import { describe, expect, it } from "vitest";
import { stateRuleIds } from "../src/index.js";
import { ruleSet, stateRules } from "../src/rules/index.js";
import { accountPath, call, newEmulator } from "./helpers.js";

async function secondDoNotReachList(disabledRules: string[]) {
  const emu = await newEmulator({ disabledRules });
  const lists = await call(emu, "GET", accountPath(emu, "/do_not_reach_lists"));
  for (const list of lists.body.data) await call(emu, "DELETE", accountPath(emu, `/do_not_reach_lists/${list.id}`));
  expect((await call(emu, "POST", accountPath(emu, "/do_not_reach_lists"))).status).toBe(200);
  return (await call(emu, "POST", accountPath(emu, "/do_not_reach_lists"))).status;
}

describe("disabledRules", () => {
  it("takes the registry ids the modules of src/rules declare", () => {
    expect(stateRuleIds).toContain("do-not-reach-one-per-account");
    expect(stateRuleIds).toContain("flexible-audience-immutable");
    expect(new Set(stateRuleIds).size).toBe(stateRuleIds.length);
  });

  it("switches off only the rules named: a second do-not-reach list is refused, then accepted", async () => {
    expect(await secondDoNotReachList([])).toBe(400);
    expect(await secondDoNotReachList(["do-not-reach-one-per-account"])).toBe(200);
    expect(await secondDoNotReachList(["flexible-audience-immutable"])).toBe(400);
  });

  it("switches off a module by any id it declares (poll-card implements two)", () => {
    const pollRules = (disabled: string[]) => ruleSet(disabled)("poll_card").map((rule) => rule.name);
    expect(pollRules([])).toContain(stateRules["poll-card"].name);
    expect(pollRules(["poll-closes-after-duration"])).not.toContain(stateRules["poll-card"].name);
    expect(pollRules(["media-polls-need-feature"])).not.toContain(stateRules["poll-card"].name);
    expect(pollRules(["media-polls-need-feature"])).toContain(stateRules["card-uri"].name);
  });

  it("refuses an unknown id, naming the option and the ids it takes", async () => {
    await expect(newEmulator({ disabledRules: ["no-such-rule"] })).rejects.toThrow(
      /^disabledRules: no state rule module implements "no-such-rule" \(the ids of spec\/workflows\/state-rules.yaml they implement: line-item-of-campaign, /,
    );
  });
});
