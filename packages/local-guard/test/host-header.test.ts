import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackHost, parseAuthority, requestUrl } from "../src/index.js";

describe("the request's URL", () => {
  it("is built from an origin-form target and a valid Host", () => {
    const built = requestUrl("/12/accounts?count=2", "127.0.0.1:4011");
    expect("url" in built && built.url.href).toBe("http://127.0.0.1:4011/12/accounts?count=2");
    const doubled = requestUrl("//12/accounts", "localhost:1");
    expect("url" in doubled && doubled.url.pathname).toBe("//12/accounts");
  });

  it("is refused, with the reason, for an absolute or asterisk target and a Host that is not an authority", () => {
    expect(requestUrl("http://example.invalid/12/accounts", "127.0.0.1:4011")).toEqual({
      error: 'the request target "http://example.invalid/12/accounts" is not a path (origin form, /...)',
    });
    expect(requestUrl("*", "127.0.0.1:4011")).toMatchObject({ error: expect.stringContaining('"*"') });
    expect(requestUrl(undefined, "127.0.0.1:4011")).toMatchObject({ error: expect.stringContaining("not a path") });
    for (const host of ["x:99999", "[::1", "a@b", "a/b", "", "a b"])
      expect(requestUrl("/", host)).toEqual({
        error: `the Host header ${JSON.stringify(host)} is not a host and port`,
      });
  });

  it("reads a Host's name and port, the default port when none", () => {
    expect(parseAuthority("LocalHost:4011")).toEqual({ hostname: "localhost", port: 4011 });
    expect(parseAuthority("[::1]")).toEqual({ hostname: "[::1]", port: 80 });
  });
});

describe("loopback", () => {
  it("is 127.0.0.0/8 and ::1, also IPv4-mapped; nothing else", () => {
    for (const address of ["127.0.0.1", "127.9.8.7", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ["10.0.0.1", "192.168.1.2", "::ffff:10.0.0.1", "0.0.0.0", "::", "", undefined, "128.0.0.1"])
      expect(isLoopbackAddress(address)).toBe(false);
    expect(isLoopbackHost("localhost")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
  });
});
