// The credentials and records the emulator starts with. The records are the spec's own examples
// (the get and list examples of each resource), so every example request finds what it names.
import { resources } from "./generated/index.js";

export interface Fixture {
  consumerKey: string;
  consumerSecret: string;
  /** The access token of the fixture user (OAuth 1.0a user context). */
  token: string;
  tokenSecret: string;
  userId: string;
  screenName: string;
  accountId: string;
  fundingInstrumentId: string;
  campaignId: string;
  lineItemId: string;
}

const firstSeed = (name: string): string => {
  const seed = resources.find((r) => r.name === name)?.seeds[0];
  return typeof seed?.id === "string" ? seed.id : "";
};

export function createFixture(): Fixture {
  return {
    consumerKey: "xadsEmulatorConsumerKey0001",
    consumerSecret: "xadsEmulatorConsumerSecret00000000000000000001",
    token: "6253282-xadsEmulatorAccessToken000000000000001",
    tokenSecret: "xadsEmulatorAccessTokenSecret0000000000000001",
    userId: "6253282",
    screenName: "xdevelopers",
    accountId: firstSeed("account"),
    fundingInstrumentId: firstSeed("funding_instrument"),
    campaignId: firstSeed("campaign"),
    lineItemId: firstSeed("line_item"),
  };
}
