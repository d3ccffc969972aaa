// The door: loopback clients naming this server, other machines only with the token, no web pages
// unless their origin is allowed.
import { describe, expect, it } from "vitest";
import { createDoor } from "../src/index.js";

const door = createDoor({ server: "the test server", host: "127.0.0.1", port: 8011, tokenHeader: "x-token" });
const local = (headers: Record<string, string>) => door({ remoteAddress: "127.0.0.1", headers });

describe("a loopback server", () => {
  it("answers a client of this machine naming it by a loopback name and its port, or naming nothing", () => {
    for (const host of ["127.0.0.1:8011", "localhost:8011", "LOCALHOST:8011", "[::1]:8011"])
      expect(local({ host })).toEqual({ allowed: true, remote: false });
    expect(local({})).toEqual({ allowed: true, remote: false });
    expect(door({ remoteAddress: "::ffff:127.0.0.1", headers: { host: "127.0.0.1:8011" } }).allowed).toBe(true);
  });

  it("refuses a foreign Host (DNS rebinding), another port, and a Host that is not an authority", () => {
    for (const host of [
      "attacker.example:8011",
      "attacker.example",
      "127.0.0.1:9999",
      "127.0.0.1",
      "x:99999",
      "[::1",
    ]) {
      const verdict = local({ host });
      expect(verdict).toMatchObject({ allowed: false, status: 403 });
      if (!verdict.allowed) expect(verdict.reason).toContain(`Host ${JSON.stringify(host)}`);
    }
  });

  it("refuses requests from web pages: any Origin, `null` included, and a page's Sec-Fetch-Site without one", () => {
    const crossSite = local({
      host: "127.0.0.1:8011",
      origin: "https://attacker.example",
      "content-type": "text/plain",
    });
    expect(crossSite).toMatchObject({ allowed: false, status: 403, reason: expect.stringContaining("Origin") });
    expect(local({ host: "127.0.0.1:8011", origin: "null" }).allowed).toBe(false);
    for (const site of ["cross-site", "same-site", "same-origin"]) {
      const verdict = local({ host: "127.0.0.1:8011", "sec-fetch-site": site, "sec-fetch-mode": "no-cors" });
      expect(verdict).toMatchObject({ allowed: false, reason: expect.stringContaining(`sec-fetch-site: ${site}`) });
    }
  });

  it("answers what no page sent: a URL a person typed (Sec-Fetch-Site: none), Node's fetch (Sec-Fetch-Mode only)", () => {
    expect(local({ host: "127.0.0.1:8011", "sec-fetch-site": "none", "sec-fetch-mode": "navigate" }).allowed).toBe(
      true,
    );
    expect(local({ host: "127.0.0.1:8011", "sec-fetch-mode": "cors" }).allowed).toBe(true);
  });

  it("refuses other machines outright when no token is set", () => {
    const verdict = door({ remoteAddress: "192.0.2.7", headers: { host: "127.0.0.1:8011" } });
    expect(verdict).toMatchObject({ allowed: false, status: 403, reason: expect.stringContaining("192.0.2.7") });
    expect(door({ remoteAddress: undefined, headers: {} }).allowed).toBe(false);
  });
});

describe("opened deliberately", () => {
  const opened = createDoor({
    server: "the test server",
    host: "0.0.0.0",
    port: 8011,
    tokenHeader: "x-token",
    remoteToken: "s3cret-token-of-some-length",
    allowedOrigins: ["http://localhost:3000/"],
    allowedHosts: ["devbox.internal"],
  });

  it("answers another machine that sends the token, and only then", () => {
    const knock = (headers: Record<string, string>) => opened({ remoteAddress: "192.0.2.7", headers });
    expect(knock({ host: "devbox:8011", "x-token": "s3cret-token-of-some-length" })).toEqual({
      allowed: true,
      remote: true,
    });
    expect(knock({ host: "devbox:8011", "x-token": "s3cret" })).toMatchObject({ allowed: false, status: 401 });
    expect(knock({ host: "devbox:8011" })).toMatchObject({ allowed: false, status: 401 });
  });

  it("takes the allowed Host names and origins (with CORS), and still refuses the others", () => {
    expect(opened({ remoteAddress: "127.0.0.1", headers: { host: "devbox.internal:8011" } }).allowed).toBe(true);
    const page = opened({
      remoteAddress: "127.0.0.1",
      headers: { host: "127.0.0.1:8011", origin: "http://localhost:3000" },
    });
    expect(page).toEqual({ allowed: true, remote: false, corsOrigin: "http://localhost:3000" });
    expect(opened({ remoteAddress: "127.0.0.1", headers: { origin: "http://localhost:3001" } }).allowed).toBe(false);
  });
});
