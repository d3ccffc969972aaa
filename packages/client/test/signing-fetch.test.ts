// The signing fetch: the signing proxy's rules as a fetch, in front of a strict in-process emulator (no
// port), as the reference site's guides and console use it in a page.
import { createEmulator, type Emulator } from "@xads/emulator";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createSigningFetch,
  RELAYED_TOKEN_HEADER,
  RELAYED_VERIFIER_HEADER,
  SigningRefused,
} from "../src/sign-proxy/signing-fetch.js";

let emu: Emulator;
let sent: Request[];
const signing = () =>
  createSigningFetch({
    credentials: emu.fixture,
    fetch: (request) => {
      sent.push(request.clone());
      return emu.fetch(request);
    },
  });

beforeEach(async () => {
  emu = await createEmulator({ auth: "strict" });
  sent = [];
});

describe("the signing fetch", () => {
  it("signs with the user's token by default: a strict emulator answers", async () => {
    const answer = await signing()(new Request("https://ads-api.x.com/12/accounts"));
    expect(answer.status).toBe(200);
    expect(sent[0]?.headers.get("authorization")).toMatch(/^OAuth .*oauth_token="/);
  });

  it("runs the three-legged flow: request token without a token, verifier relayed, access token with the request token", async () => {
    const send = signing();
    const requested = await send(
      new Request("https://api.x.com/oauth/request_token?oauth_callback=https%3A%2F%2Fclient.example%2Fcb", {
        method: "POST",
      }),
    );
    expect(requested.status).toBe(200);
    expect(sent[0]?.headers.get("authorization")).not.toMatch(/oauth_token=/);
    const requestToken = requested.headers.get(RELAYED_TOKEN_HEADER);
    expect(requestToken).toBeTruthy();
    expect(await requested.text()).toContain(`oauth_token=${requestToken}`);

    const authorized = await send(new Request(`https://api.x.com/oauth/authorize?oauth_token=${requestToken}`));
    expect(sent[1]?.headers.get("authorization")).toBeNull();
    const verifier = authorized.headers.get(RELAYED_VERIFIER_HEADER);
    expect(verifier).toBeTruthy();

    const access = await send(
      new Request(`https://api.x.com/oauth/access_token?oauth_token=${requestToken}&oauth_verifier=${verifier}`, {
        method: "POST",
      }),
    );
    expect(access.status).toBe(200);
    expect(sent[2]?.headers.get("authorization")).toContain(`oauth_token="${requestToken}"`);
    const accessToken = access.headers.get(RELAYED_TOKEN_HEADER);

    const listed = await send(
      new Request("https://ads-api.x.com/12/accounts", { headers: { "x-xads-sign-token": String(accessToken) } }),
    );
    expect(listed.status).toBe(200);
    expect(sent[3]?.headers.get("authorization")).toContain(`oauth_token="${accessToken}"`);
    expect(sent[3]?.headers.has("x-xads-sign-token")).toBe(false);
  });

  it("sends Basic credentials where the operation takes them, and a form body it signs into", async () => {
    const send = signing();
    const bearer = await send(
      new Request("https://api.x.com/oauth2/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      }),
    );
    expect(bearer.status).toBe(200);
    expect(sent[0]?.headers.get("authorization")).toMatch(/^Basic /);
  });

  it("passes a multipart body through unchanged", async () => {
    const send = signing();
    const init = await send(
      new Request("https://upload.x.com/1.1/media/upload.json", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "command=INIT&total_bytes=3&media_type=image%2Fpng&media_category=tweet_image",
      }),
    );
    const { media_id_string: mediaId } = (await init.json()) as { media_id_string: string };
    const form = new FormData();
    form.set("command", "APPEND");
    form.set("media_id", mediaId);
    form.set("segment_index", "0");
    form.set("media", new Blob([new Uint8Array([1, 2, 3])]));
    const appended = await send(
      new Request("https://upload.x.com/1.1/media/upload.json", { method: "POST", body: form }),
    );
    expect(appended.status).toBe(204);
    expect(sent[1]?.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("refuses a token it never relayed, naming the header, and sends nothing", async () => {
    const refused = signing()(
      new Request("https://ads-api.x.com/12/accounts", { headers: { "x-xads-sign-token": "made-up" } }),
    );
    await expect(refused).rejects.toBeInstanceOf(SigningRefused);
    await expect(refused).rejects.toThrow(/x-xads-sign-token/);
    expect(sent).toHaveLength(0);
  });

  it("refuses empty credentials by name, without their values", () => {
    expect(() => createSigningFetch({ credentials: { ...emu.fixture, tokenSecret: "" } })).toThrow(
      "signing fetch: credentials.tokenSecret is empty",
    );
  });
});
