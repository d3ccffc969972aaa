import { describe, expect, it } from "vitest";
import { hashAudienceUser, hashIdentifier, normalizeIdentifier } from "../src/index.js";

describe("audience identifiers", () => {
  it("match the facts-file vectors", async () => {
    expect(await hashIdentifier("handle", "  @AdsAPI ")).toBe(
      "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d",
    );
    expect(await hashIdentifier("phone_number", "+1 (123) 456-7890")).toBe(
      "1fa6b8d986d9b9cd01bf36951815158bbde9f520c0567c835dfe34783d0a4231",
    );
  });
  it("normalise per type", () => {
    expect(normalizeIdentifier("email", "  Jane.Doe@Example.COM ")).toBe("jane.doe@example.com");
    expect(normalizeIdentifier("idfa", "6D92078A-8246-4BA4-AE5B-76104861E7DC")).toBe(
      "6d92078a-8246-4ba4-ae5b-76104861e7dc",
    );
    expect(normalizeIdentifier("android_id", " 38400000-8CF0-11BD-B23E-10B96E40000D ")).toBe(
      "384000008cf011bdb23e10b96e40000d",
    );
    expect(normalizeIdentifier("twitter_id", "6253282")).toBe("6253282");
  });
  it("reject bad input naming the type and rule", () => {
    expect(() => normalizeIdentifier("phone_number", "1234567890")).toThrow(
      /phone_number: "1234567890" is not an E\.164 number/,
    );
    expect(() => normalizeIdentifier("email", "not-an-email")).toThrow(/email: "not-an-email" is not an email address/);
    expect(() => normalizeIdentifier("idfa", "abc")).toThrow(/idfa: "abc" is not an IDFA/);
    expect(() => normalizeIdentifier("email", "  ")).toThrow(/email: " {2}" is empty/);
  });
  it("hash a whole user, leaving partner_user_id as it is", async () => {
    const user = await hashAudienceUser({
      handle: ["adsapi"],
      partner_user_id: ["Partner-7"],
      idfa: ["6D92078A-8246-4BA4-AE5B-76104861E7DC"],
    });
    expect(user.handle).toEqual(["49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d"]);
    expect(user.partner_user_id).toEqual(["Partner-7"]);
    expect(user.device_id?.[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(user.email).toBeUndefined();
  });
});
