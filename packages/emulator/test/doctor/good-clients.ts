// Well-behaved client programs: the doctor finds nothing in what they send.
import type { Emulator } from "../../src/index.js";
import { accountPath, call } from "../helpers.js";
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

export interface GoodClient {
  name: string;
  arrange?(emu: Emulator): void;
  run(emu: Emulator): Promise<void>;
}

const HASHED = "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d";

export const goodClients: GoodClient[] = [
  {
    name: "a paging loop that follows next_cursor until null, with the total on the first page only",
    async run(emu) {
      await threeCampaigns(emu);
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await campaignsPage(emu, cursor ? `count=1&cursor=${cursor}` : "count=1&with_total_count=true");
        if (page.status !== 200) throw new Error(page.text);
        cursor = page.body.next_cursor;
        pages++;
      } while (cursor);
      if (pages < 3) throw new Error(`${pages} pages`);
    },
  },
  {
    name: "CRUD: create, read, update only what changes, delete",
    async run(emu) {
      const created = await call(
        emu,
        "POST",
        accountPath(emu, `/campaigns?name=crud&funding_instrument_id=${emu.fixture.fundingInstrumentId}`),
      );
      const path = accountPath(emu, `/campaigns/${created.body.data.id}`);
      await call(emu, "GET", path);
      const updated = await call(emu, "PUT", `${path}?name=renamed&entity_status=PAUSED`);
      if (updated.body.data.name !== "renamed") throw new Error(updated.text);
      await call(emu, "DELETE", path);
    },
  },
  {
    name: "an upload that polls STATUS every check_after_secs until it succeeds",
    async run(emu) {
      const { mediaId, checkAfterSecs } = await uploadVideo(emu);
      let wait = checkAfterSecs;
      for (;;) {
        sleep(emu, wait * 1000);
        const { processing_info: processing } = (await uploadStatus(emu, mediaId)).body;
        if (processing.state === "succeeded") break;
        wait = processing.check_after_secs;
      }
    },
  },
  {
    name: "batches at their limit: 40 campaigns, then the 5 left",
    async run(emu) {
      const items = createItems(emu, 45);
      const full = await campaignBatch(emu, items.slice(0, 40));
      if (full.status !== 200) throw new Error(full.text);
      await campaignBatch(emu, items.slice(40));
    },
  },
  {
    name: "waits for x-rate-limit-reset after a 429",
    async run(emu) {
      for (let attempt = 0; attempt < 7; attempt++) {
        const answer = await call(emu, "GET", "/12/accounts");
        if (answer.status !== 429) continue;
        const reset = Number(answer.headers.get("x-rate-limit-reset")) * 1000;
        sleep(emu, reset - emu.clock.now());
      }
    },
  },
  {
    name: "waits retry-after after a 503",
    arrange: (emu) => emu.faults.add({ operationId: "getCampaign", status: 503, retryAfter: 5 }),
    async run(emu) {
      const path = accountPath(emu, `/campaigns/${emu.fixture.campaignId}`);
      const answer = await call(emu, "GET", path);
      sleep(emu, Number(answer.headers.get("retry-after")) * 1000);
      await call(emu, "GET", path);
    },
  },
  {
    name: "sends audience users hashed",
    async run(emu) {
      const answer = await customAudienceUsers(emu, [{ email: [HASHED] }, { partner_user_id: ["crm-42"] }]);
      if (answer.status !== 200) throw new Error(answer.text);
    },
  },
];
