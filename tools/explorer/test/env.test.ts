// The XADS_EXPLORE_* variables.
import { describe, expect, it } from "vitest";
import { optionsFromEnv } from "../src/env.mjs";

describe("the explorer's environment", () => {
  it("reads a replay, a longer run and a base URL with parameter values", () => {
    expect(
      optionsFromEnv({
        XADS_EXPLORE_SEED: "-42",
        XADS_EXPLORE_RUNS: "1000",
        XADS_EXPLORE_STEPS: "60",
        XADS_EXPLORE_PATH: "3:1:0",
        XADS_EXPLORE_REPLAY_PATH: "CAB:q",
        XADS_EXPLORE_BASE_URL: "http://127.0.0.1:8011",
        XADS_EXPLORE_PARAMS: '{"account_id":"abc"}',
      }),
    ).toEqual({
      seed: -42,
      runs: 1000,
      steps: 60,
      path: "3:1:0",
      replayPath: "CAB:q",
      baseUrl: "http://127.0.0.1:8011",
      overrides: { account_id: "abc" },
    });
  });

  it("leaves every setting to its default when nothing is set", () => {
    expect(optionsFromEnv({})).toEqual({
      seed: undefined,
      runs: undefined,
      steps: undefined,
      path: undefined,
      replayPath: undefined,
      baseUrl: undefined,
      overrides: {},
    });
  });

  it("refuses values it cannot use, naming the variable", () => {
    expect(() => optionsFromEnv({ XADS_EXPLORE_RUNS: "0" })).toThrow(
      /XADS_EXPLORE_RUNS must be an integer of at least 1/,
    );
    expect(() => optionsFromEnv({ XADS_EXPLORE_SEED: "1.5" })).toThrow(/XADS_EXPLORE_SEED/);
    expect(() => optionsFromEnv({ XADS_EXPLORE_PARAMS: "[1]" })).toThrow(/XADS_EXPLORE_PARAMS must be a JSON object/);
    expect(() => optionsFromEnv({ XADS_EXPLORE_BASE_URL: "ads-api-sandbox.x.com" })).toThrow(/http\(s\) URL/);
  });
});
