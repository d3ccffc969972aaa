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
  if (!ads || !found) throw new Error(`no operation ${id}`);
  return consoleOperation(found, ads.bundle);
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
    const doc = site.referenced.find((d) => d.operations.some((o) => o.requestBody?.example !== undefined));
    const withBody = doc?.operations.find((o) => o.requestBody?.example !== undefined);
    if (!doc || !withBody) throw new Error("no operation with a body example");
    const request = requestOf(consoleOperation(withBody, doc.bundle), { body: "{}" });
    expect(request.body).toBe("{}");
    expect(request.headers["content-type"]).toBe(withBody.requestBody?.mediaType);
    const emptied = requestOf(operation("createCampaign"), { values: { "query.name": "" } });
    expect(new URL(emptied.url).searchParams.has("name")).toBe(false);
  });
});

describe("a multipart body", () => {
  const upload = site.referenced.find((d) => d.name === "upload");
  const uploadOperation = (id: string) => {
    const found = upload?.operations.find((o) => o.id === id);
    if (!upload || !found) throw new Error(`no upload operation ${id}`);
    return consoleOperation(found, upload.bundle);
  };

  it("is offered beside the body that counts, one part per field and a file part for each binary field", () => {
    const append = uploadOperation("uploadMedia");
    expect(append.body?.mediaType).toBe("application/x-www-form-urlencoded");
    const multipart = append.otherBodies.find((b) => b.mediaType === "multipart/form-data");
    if (!multipart || !("parts" in multipart)) throw new Error("uploadMedia offers no multipart body");
    expect(multipart.parts).toEqual([
      { name: "command", kind: "text", value: "APPEND" },
      { name: "media_id", kind: "text", value: "710511363345354753" },
      { name: "segment_index", kind: "text", value: "0" },
      { name: "media_data", kind: "text", value: "AAAAIGZ0eXBpc29t" },
      { name: "media", kind: "file", value: "" },
    ]);
    const v2 = uploadOperation("appendMediaUpload").otherBodies.find((b) => b.mediaType === "multipart/form-data");
    expect(v2 && "parts" in v2 ? v2.parts.find((p) => p.name === "media")?.kind : undefined).toBe("file");
  });

  it("is sent as FormData with the reader's file, leaving out empty parts, and no content type of its own", async () => {
    const bytes = new Uint8Array([0, 1, 2, 3, 254, 255]);
    const request = requestOf(uploadOperation("uploadMedia"), {
      mediaType: "multipart/form-data",
      parts: { media_id: "42", media_data: "", media: new File([bytes], "clip.mp4", { type: "video/mp4" }) },
    });
    if (!(request.body instanceof FormData)) throw new Error("the body is not FormData");
    expect([...request.body.keys()]).toEqual(["command", "media_id", "segment_index", "media"]);
    expect(request.body.get("media_id")).toBe("42");
    const media = request.body.get("media");
    expect(media instanceof Blob ? new Uint8Array(await media.arrayBuffer()) : media).toEqual(bytes);
    expect(request.headers["content-type"]).toBeUndefined();
    const sent = new Request(request.url, { method: request.method, body: request.body });
    expect(sent.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("leaves the body that counts as it was when no other media type is chosen", () => {
    const request = requestOf(uploadOperation("uploadMedia"));
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request.body).toBe("command=INIT&total_bytes=4430752&media_type=video%2Fmp4&media_category=amplify_video");
  });
});
