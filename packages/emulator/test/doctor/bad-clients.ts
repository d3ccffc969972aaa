// Misbehaving client programs, one per finding: each is what a client does wrong, with plain fetch
// (the in-process emulator's) and the test helpers' OAuth 1.0a signing. `arrange` is the server's
// side (an injected fault), not the client's.
import type { Emulator } from "../../src/index.js";
import { ADS, accountPath, authorization, call } from "../helpers.js";
import {
  campaignBatch,
  campaignsPage,
  createItems,
  customAudienceUsers,
  sleep,
  threeCampaigns,
  uploadStatus,
  uploadVideo,
} from "./clients.js";

export interface BadClient {
  finding: string;
  severity: "error" | "warning";
  /** What the client does wrong. */
  name: string;
  arrange?(emu: Emulator): void;
  run(emu: Emulator): Promise<void>;
}

const campaignPath = (emu: Emulator) => accountPath(emu, `/campaigns/${emu.fixture.campaignId}`);

export const badClients: BadClient[] = [
  {
    finding: "rate-limit-early-retry",
    severity: "error",
    name: "backs off a fixed 2 s after a 429 instead of waiting for x-rate-limit-reset",
    async run(emu) {
      // GET /12/accounts has no account id: 5 reads per 15 minutes.
      for (let attempt = 0; attempt < 7; attempt++) {
        const answer = await call(emu, "GET", "/12/accounts");
        if (answer.status === 429) sleep(emu, 2_000);
      }
    },
  },
  {
    finding: "rate-limit-storm",
    severity: "error",
    name: "retries a 429 at once, again and again",
    arrange: (emu) => emu.faults.add({ operationId: "getCampaign", status: 429, times: 4 }),
    async run(emu) {
      for (let attempt = 0; attempt < 10; attempt++) {
        if ((await call(emu, "GET", campaignPath(emu))).status !== 429) break;
      }
    },
  },
  {
    finding: "retry-after-ignored",
    severity: "error",
    name: "retries a 503 after 1 s whatever its retry-after says",
    arrange: (emu) => emu.faults.add({ operationId: "getCampaign", status: 503, retryAfter: 5 }),
    async run(emu) {
      if ((await call(emu, "GET", campaignPath(emu))).status === 503) sleep(emu, 1_000);
      await call(emu, "GET", campaignPath(emu));
    },
  },
  {
    finding: "upload-status-too-soon",
    severity: "warning",
    name: "polls an upload's STATUS every second",
    async run(emu) {
      const { mediaId } = await uploadVideo(emu);
      for (let poll = 0; poll < 30; poll++) {
        sleep(emu, 1_000);
        if ((await uploadStatus(emu, mediaId)).body.processing_info?.state === "succeeded") break;
      }
    },
  },
  {
    finding: "cursor-after-end",
    severity: "error",
    name: "reads the last page again by its cursor after the list ended",
    async run(emu) {
      await threeCampaigns(emu);
      let cursor: string | undefined;
      let lastCursor: string | undefined;
      do {
        lastCursor = cursor;
        const page = await campaignsPage(emu, `count=1${cursor ? `&cursor=${cursor}` : ""}`);
        cursor = page.body.next_cursor ?? undefined;
      } while (cursor);
      await campaignsPage(emu, `count=1&cursor=${lastCursor}`);
    },
  },
  {
    finding: "cursor-reused",
    severity: "warning",
    name: "keeps sending the first answer's next_cursor",
    async run(emu) {
      await threeCampaigns(emu);
      const first = await campaignsPage(emu, "count=1");
      for (let page = 0; page < 3; page++) await campaignsPage(emu, `count=1&cursor=${first.body.next_cursor}`);
    },
  },
  {
    finding: "read-only-fields-in-update",
    severity: "warning",
    name: "updates a campaign by sending back every field it read",
    async run(emu) {
      const { data } = (await call(emu, "GET", campaignPath(emu))).body;
      data.name = "renamed";
      const fields = Object.entries(data).filter(([, value]) => value !== null && typeof value !== "object");
      const query = new URLSearchParams(fields.map(([name, value]) => [name, String(value)]));
      await call(emu, "PUT", `${campaignPath(emu)}?${query}`);
    },
  },
  {
    finding: "batch-over-limit",
    severity: "error",
    name: "sends 41 campaigns in one batch",
    async run(emu) {
      await campaignBatch(emu, createItems(emu, 41));
    },
  },
  {
    finding: "batch-split",
    severity: "warning",
    name: "flushes its batch every 10 campaigns",
    async run(emu) {
      await campaignBatch(emu, createItems(emu, 10, "a"));
      await campaignBatch(emu, createItems(emu, 10, "b"));
    },
  },
  {
    finding: "nonce-reused",
    severity: "error",
    name: "signs with a fixed nonce",
    async run(emu) {
      await call(emu, "GET", "/12/accounts", { nonce: "always-the-same" });
      await call(emu, "GET", campaignPath(emu), { nonce: "always-the-same" });
    },
  },
  {
    finding: "clock-skew",
    severity: "warning",
    name: "signs with a clock two minutes slow",
    async run(emu) {
      await call(emu, "GET", "/12/accounts", { timestamp: Math.floor(emu.clock.now() / 1000) - 120 });
    },
  },
  {
    finding: "clock-skew",
    severity: "error",
    name: "signs with a clock seven minutes slow (refused)",
    async run(emu) {
      await call(emu, "GET", "/12/accounts", { timestamp: Math.floor(emu.clock.now() / 1000) - 420 });
    },
  },
  {
    finding: "signed-for-another-host",
    severity: "error",
    name: "sends to the production host a request signed for the sandbox host",
    async run(emu) {
      const path = campaignPath(emu);
      const signedFor = `https://ads-api-sandbox.x.com${path}`;
      await emu.fetch(`${ADS}${path}`, { headers: { authorization: authorization(emu, "GET", signedFor) } });
    },
  },
  {
    finding: "signed-for-another-host",
    severity: "warning",
    name: "signs for the former twitter.com host name",
    async run(emu) {
      const path = campaignPath(emu);
      const signedFor = `https://ads-api.twitter.com${path}`;
      await emu.fetch(`http://127.0.0.1:4011${path}`, {
        headers: { authorization: authorization(emu, "GET", signedFor) },
      });
    },
  },
  {
    finding: "authorization-for-another-url",
    severity: "error",
    name: "follows the twitter.com to x.com redirect with the Authorization it signed for twitter.com",
    async run(emu) {
      const path = campaignPath(emu);
      const headers = { authorization: authorization(emu, "GET", `https://ads-api.twitter.com${path}`) };
      await emu.fetch(`https://ads-api.twitter.com${path}`, { headers });
      // What a redirect follower sends next: the same headers to the Location.
      await emu.fetch(`https://ads-api.x.com${path}`, { headers });
    },
  },
  {
    finding: "secret-leaked",
    severity: "error",
    name: "sends its consumer secret in a header",
    async run(emu) {
      await call(emu, "GET", "/12/accounts", { headers: { "x-consumer-secret": emu.fixture.consumerSecret } });
    },
  },
  {
    finding: "secret-leaked",
    severity: "error",
    name: "sends its token secret in the query",
    async run(emu) {
      await call(emu, "GET", accountPath(emu, `/campaigns?token_secret=${emu.fixture.tokenSecret}`));
    },
  },
  {
    finding: "count-out-of-bounds",
    severity: "error",
    name: "asks for 5000 campaigns a page",
    async run(emu) {
      await campaignsPage(emu, "count=5000");
    },
  },
  {
    finding: "total-count-with-cursor",
    severity: "error",
    name: "asks for the total count on every page",
    async run(emu) {
      await threeCampaigns(emu);
      const first = await campaignsPage(emu, "count=1&with_total_count=true");
      await campaignsPage(emu, `count=1&with_total_count=true&cursor=${first.body.next_cursor}`);
    },
  },
  {
    finding: "unhashed-user-identifiers",
    severity: "error",
    name: "sends audience users' e-mail addresses unhashed",
    async run(emu) {
      await customAudienceUsers(emu, [{ email: ["someone@example.com"] }]);
    },
  },
];
