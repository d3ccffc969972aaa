// The former host names reader, on the committed bundles and on made-up declarations.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { legacyHostsOf, legacyUrlsOf } from "./legacy-hosts.mjs";
import { loadSpec } from "./model.mjs";

const spec = loadSpec();

describe("x-xads-legacy-hosts", () => {
  it("gives every server of the API documents its twitter.com name", () => {
    const legacy = (/** @type {string} */ name) =>
      Object.fromEntries(spec.document(name).servers.map((s) => [s.url, s.legacyUrls]));
    assert.deepEqual(legacy("auth"), { "https://api.x.com": ["https://api.twitter.com"] });
    assert.deepEqual(legacy("ads"), {
      "https://ads-api.x.com": ["https://ads-api.twitter.com"],
      "https://ads-api-sandbox.x.com": ["https://ads-api-sandbox.twitter.com"],
    });
    assert.deepEqual(legacy("tailored-audiences"), legacy("ads"));
    assert.deepEqual(legacy("upload"), { "https://upload.x.com": ["https://upload.twitter.com"] });
    // Path-level and operation-level servers are read with the same map.
    assert.deepEqual(spec.operation("initializeMediaUpload").servers[0]?.legacyUrls, ["https://api.twitter.com"]);
    assert.deepEqual(spec.operation("createAccount").servers[0]?.legacyUrls, ["https://ads-api-sandbox.twitter.com"]);
  });

  it("keeps the scheme, port and path of the server URL", () => {
    const hosts = new Map([["api.x.com", ["api.twitter.com"]]]);
    assert.deepEqual(legacyUrlsOf(hosts, "https://api.x.com"), ["https://api.twitter.com"]);
    assert.deepEqual(legacyUrlsOf(hosts, "http://api.x.com:8080/base"), ["http://api.twitter.com:8080/base"]);
    assert.deepEqual(legacyUrlsOf(hosts, "https://other.x.com"), []);
  });

  it("refuses a malformed declaration, naming the problem", () => {
    const declare = (/** @type {unknown} */ hosts) => ({ "x-xads-legacy-hosts": { hosts } });
    assert.deepEqual(legacyHostsOf({}), new Map());
    assert.throws(() => legacyHostsOf({ "x-xads-legacy-hosts": {} }), /needs a `hosts` map/);
    assert.throws(() => legacyHostsOf(declare({ "API.x.com": ["a.b"] })), /not a lower-case host name/);
    assert.throws(() => legacyHostsOf(declare({ "api.x.com": [] })), /needs a list of former host names/);
    assert.throws(() => legacyHostsOf(declare({ "api.x.com": ["api.x.com"] })), /not another lower-case host name/);
    assert.throws(() => legacyHostsOf(declare({ "api.x.com": ["https://api.twitter.com"] })), /not another/);
  });
});
