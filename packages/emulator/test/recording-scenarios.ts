// Failing scenarios of a team's CI, each run on a strict emulator with signed requests while it
// records: what the flight recorder must replay byte for byte. Each also answers the secrets it met
// (signatures, nonces, token secrets, bearer tokens, PINs), which no written file may show.
import { expect } from "vitest";
import type { Emulator, Exchange } from "../src/index.js";
import { ADS, accountPath, call } from "./helpers.js";

const AUTH = "https://api.x.com";
const UPLOAD = "https://upload.x.com/1.1/media/upload.json";

export interface Scenario {
  name: string;
  /** Faults pending before the recording starts. */
  before?: (emu: Emulator) => void;
  run: (emu: Emulator) => Promise<void>;
}

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`;

/** A multipart body with a binary part (not UTF-8), as twitter-api-v2 sends an APPEND. */
function multipart(fields: Record<string, string | Uint8Array>) {
  const boundary = "----xads-recording-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const type = typeof value === "string" ? "" : "Content-Type: application/octet-stream\r\n";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n${type}\r\n`));
    chunks.push(Buffer.from(value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    rawBody: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
  };
}

const createCampaign = (emu: Emulator, name: string) =>
  call(
    emu,
    "POST",
    accountPath(emu, `/campaigns?funding_instrument_id=${emu.fixture.fundingInstrumentId}&name=${name}`),
  );

export const scenarios: Scenario[] = [
  {
    name: "CRUD with a state-rule refusal",
    async run(emu) {
      const created = await createCampaign(emu, "spring");
      const id = created.body.data.id as string;
      await call(emu, "GET", accountPath(emu, `/campaigns/${id}`));
      await call(emu, "PUT", accountPath(emu, `/campaigns/${id}?entity_status=PAUSED&name=summer`));
      expect((await call(emu, "POST", accountPath(emu, "/custom_audiences?name=buyers"))).status).toBe(200);
      // custom-audience-name-unique refuses the second.
      expect((await call(emu, "POST", accountPath(emu, "/custom_audiences?name=buyers"))).status).toBe(400);
      await call(emu, "DELETE", accountPath(emu, `/campaigns/${id}`));
      expect((await call(emu, "DELETE", accountPath(emu, `/campaigns/${id}`))).status).toBe(404);
      await call(emu, "GET", accountPath(emu, "/campaigns?with_deleted=true&count=3"));
    },
  },
  {
    name: "a batch with item errors",
    async run(emu) {
      const batch = `/12/batch/accounts/${emu.fixture.accountId}/campaigns`;
      const fundingInstrument = emu.fixture.fundingInstrumentId;
      const refused = await call(emu, "POST", batch, {
        json: [
          { operation_type: "Create", params: { name: "kept?", funding_instrument_id: fundingInstrument } },
          { operation_type: "Delete", params: { campaign_id: "zzzzz" } },
          { operation_type: "Create", params: { funding_instrument_id: fundingInstrument } },
        ],
      });
      expect(refused.status).toBe(400);
      const applied = await call(emu, "POST", batch, {
        json: [
          { operation_type: "Create", params: { name: "b1", funding_instrument_id: fundingInstrument } },
          { operation_type: "Create", params: { name: "b2", funding_instrument_id: fundingInstrument } },
        ],
      });
      expect(applied.status).toBe(200);
      await call(emu, "GET", accountPath(emu, "/campaigns?sort_by=name-asc&count=5"));
    },
  },
  {
    name: "an upload with processing",
    async run(emu) {
      const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0xc3, 0x28, 0x0a]);
      const init = await call(emu, "POST", UPLOAD, {
        form: `command=INIT&total_bytes=${bytes.length}&media_type=video%2Fmp4&media_category=amplify_video`,
      });
      const id = init.body.media_id_string as string;
      const append = await call(
        emu,
        "POST",
        UPLOAD,
        multipart({ command: "APPEND", media_id: id, segment_index: "0", media: bytes }),
      );
      expect(append.status).toBe(204);
      const finalized = await call(emu, "POST", UPLOAD, { form: `command=FINALIZE&media_id=${id}` });
      const key = finalized.body.media_key as string;
      // Not processed yet: media-from-upload refuses it.
      expect((await call(emu, "POST", accountPath(emu, `/media_library?media_key=${key}`))).status).toBe(400);
      emu.clock.advance(5_000);
      await call(emu, "GET", `${UPLOAD}?command=STATUS&media_id=${id}`);
      emu.clock.advance(10_000);
      await call(emu, "GET", `${UPLOAD}?command=STATUS&media_id=${id}`);
      expect((await call(emu, "POST", accountPath(emu, `/media_library?media_key=${key}`))).status).toBe(200);
    },
  },
  {
    name: "a 429 after a burst",
    async run(emu) {
      // Reads without an account id: 5 per 15 minutes.
      for (let i = 0; i < 6; i++) await call(emu, "GET", "/12/accounts");
      emu.clock.advance(15 * 60_000);
      expect((await call(emu, "GET", "/12/accounts")).status).toBe(200);
    },
  },
  {
    name: "faults injected, before and while recording",
    before(emu) {
      emu.faults.add({ operationId: "getCampaign", status: 503, retryAfter: 7 });
    },
    async run(emu) {
      const path = accountPath(emu, `/campaigns/${emu.fixture.campaignId}`);
      expect((await call(emu, "GET", path)).status).toBe(503);
      expect((await call(emu, "GET", path)).status).toBe(200);
      emu.faults.add({ operationId: "createCampaign", status: 500 });
      expect((await createCampaign(emu, "failed")).status).toBe(500);
      expect((await createCampaign(emu, "retried")).status).toBe(200);
      emu.faults.add({ operationId: "listCampaigns", drop: true });
      await expect(call(emu, "GET", accountPath(emu, "/campaigns"))).rejects.toThrow(TypeError);
      expect((await call(emu, "GET", accountPath(emu, "/campaigns"))).status).toBe(200);
    },
  },
  {
    name: "credentials issued while recording, and a bad signature",
    async run(emu) {
      const { consumerKey, consumerSecret } = emu.fixture;
      const bearer = await call(emu, "POST", `${AUTH}/oauth2/token`, {
        headers: { authorization: basic(consumerKey, consumerSecret) },
        form: "grant_type=client_credentials",
        anonymous: true,
      });
      const token = bearer.body.access_token as string;
      const initialize = await call(emu, "POST", "https://upload.x.com/2/media/upload/initialize", {
        headers: { authorization: `Bearer ${token}` },
        json: { media_type: "image/png", total_bytes: 10 },
      });
      expect(initialize.status).toBe(200);
      await call(emu, "POST", `${AUTH}/oauth2/invalidate_token?access_token=${encodeURIComponent(token)}`);
      const step1 = await call(emu, "POST", `${AUTH}/oauth/request_token?oauth_callback=oob`, { token: "" });
      const issued = new URLSearchParams(step1.text);
      const requestToken = issued.get("oauth_token") ?? "";
      const page = await call(emu, "GET", `${AUTH}/oauth/authorize?oauth_token=${requestToken}`, { anonymous: true });
      const pin = /id="oauth_pin">(\d+)</.exec(page.text)?.[1] ?? "";
      const step3 = await call(
        emu,
        "POST",
        `${AUTH}/oauth/access_token?oauth_token=${requestToken}&oauth_verifier=${pin}`,
        {
          token: requestToken,
          tokenSecret: issued.get("oauth_token_secret") ?? "",
        },
      );
      const access = new URLSearchParams(step3.text);
      const signed = { token: access.get("oauth_token") ?? "", tokenSecret: access.get("oauth_token_secret") ?? "" };
      expect((await call(emu, "GET", accountPath(emu), signed)).status).toBe(200);
      expect((await call(emu, "GET", `${ADS}/12/accounts`, { consumerSecret: "wrong" })).status).toBe(401);
      expect((await call(emu, "POST", `${AUTH}/1.1/oauth/invalidate_token`, signed)).status).toBe(200);
      expect((await call(emu, "GET", accountPath(emu), signed)).status).toBe(401);
    },
  },
];

/** Every secret value the exchanges carried: the fixture's, and what was signed, sent and issued. */
export function secretsOf(emu: Emulator, exchanges: readonly Exchange[]): string[] {
  const secrets = new Set([emu.fixture.consumerSecret, emu.fixture.tokenSecret]);
  for (const exchange of exchanges) {
    for (const name of ["oauth_signature", "oauth_nonce"]) {
      const value = exchange.oauth?.[name];
      if (value) secrets.add(value);
    }
    const authorization = exchange.requestHeaders.authorization ?? "";
    const signature = /oauth_signature="([^"]+)"/.exec(authorization)?.[1];
    if (signature) secrets.add(signature);
    const bearer = /^Bearer (\S+)$/.exec(authorization)?.[1];
    if (bearer) secrets.add(bearer);
    const basic = /^Basic (\S+)$/.exec(authorization)?.[1];
    if (basic) secrets.add(basic);
    const body = exchange.responseBody ?? "";
    for (const name of ["oauth_token_secret", "oauth_token"]) {
      const issued = /^[\w=&%.-]*$/.test(body) ? new URLSearchParams(body).get(name) : null;
      if (issued) secrets.add(issued);
    }
    const bearerIssued = /"access_token":"([^"]+)"/.exec(body)?.[1];
    if (bearerIssued && exchange.operationId === "createBearerToken") secrets.add(bearerIssued);
  }
  return [...secrets].filter((secret) => secret.length >= 8);
}
