// The console's data and requests, without a browser: the hosts the worker answers come from the
// documents' servers, and a request is the operation's examples with the reader's edits.
import { describe, expect, it } from "vitest";
import { apiHosts, consoleOperation } from "../src/console/operations.mjs";
import { requestOf } from "../src/console/send.mjs";
import { loadSite } from "../src/site.mjs";

const site = loadSite();
const ads = site.referenced.find((d) => d.name === "ads");
const operation = (id: string) => {
  const found = ads?.operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return consoleOperation(found);
};

describe("the worker's hosts", () => {
  it("are every server of the documents and its legacy names, and nothing else", () => {
    const hosts = apiHosts(site.referenced);
    for (const doc of site.referenced) {
      for (const server of doc.servers) {
        expect(hosts).toContain(new URL(server.url).host);
        for (const legacy of server.legacyUrls ?? []) expect(hosts).toContain(new URL(legacy).host);
      }
    }
    expect(hosts.every((h) => h.endsWith(".x.com") || h.endsWith(".twitter.com"))).toBe(true);
  });
});

describe("a console request", () => {
  it("fills the path and query from the examples, and takes the reader's edits instead", () => {
    const create = operation("createCampaign");
    const plain = requestOf(create);
    expect(plain.method).toBe("POST");
    expect(plain.url).toMatch(
      /^https:\/\/ads-api\.x\.com\/12\/accounts\/18ce54d4x5t\/campaigns\?funding_instrument_id=/,
    );
    const edited = requestOf(create, { values: { "query.name": "a b&c", "path.account_id": "zz" } });
    expect(edited.url).toContain("/12/accounts/zz/campaigns?");
    expect(new URL(edited.url).searchParams.get("name")).toBe("a b&c");
    expect(edited.url).not.toContain("+");
  });

  it("sends a body with its media type, and leaves out a query value left empty", () => {
    const withBody = site.referenced.flatMap((d) => d.operations).find((o) => o.requestBody?.example !== undefined);
    if (!withBody) throw new Error("no operation with a body example");
    const request = requestOf(consoleOperation(withBody), { body: "{}" });
    expect(request.body).toBe("{}");
    expect(request.headers["content-type"]).toBe(withBody.requestBody?.mediaType);
    const emptied = requestOf(operation("createCampaign"), { values: { "query.name": "" } });
    expect(new URL(emptied.url).searchParams.has("name")).toBe(false);
  });
});
