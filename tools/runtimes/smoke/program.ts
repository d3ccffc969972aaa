// The smoke program every runtime runs: a strict @xads/emulator in process, @xads/client calling it
// through the emulator's fetch (so nothing leaves the runtime), and @xads/validator. Each step throws
// a message naming what it saw when its result is not the expected one.
import {
  createAdsClient,
  createUploadClient,
  paginate,
  sendBatch,
  type ThrowingAdsClient,
  type ThrowingUploadClient,
} from "@xads/client";
import { createEmulator, type Emulator } from "@xads/emulator";
import { validateRequest, validateResponse } from "@xads/validator";
import { check, runSteps, type SmokeReport, type Step } from "./report.js";

interface World {
  emu: Emulator;
  ads: ThrowingAdsClient;
  upload: ThrowingUploadClient;
  account: { account_id: string };
}

async function setUp(): Promise<World> {
  const emu = await createEmulator({ auth: "strict" });
  const { consumerKey, consumerSecret, token, tokenSecret, accountId } = emu.fixture;
  const options = {
    oauth1: { consumerKey, consumerSecret, token, tokenSecret },
    fetch: (url: string, init: RequestInit) => emu.fetch(url, init),
    throwOnError: true,
  } as const;
  return {
    emu,
    ads: createAdsClient(options),
    upload: createUploadClient(options),
    account: { account_id: accountId },
  };
}

/** Creates a paused campaign under the fixture's funding instrument and answers its id. */
async function createCampaign({ ads, emu, account }: World, name: string): Promise<string> {
  const { data } = await ads.POST("/12/accounts/{account_id}/campaigns", {
    params: {
      path: account,
      query: { funding_instrument_id: emu.fixture.fundingInstrumentId, name, entity_status: "PAUSED" },
    },
  });
  return data.data.id;
}

const operationsSince = (emu: Emulator, start: number, operationId: string) =>
  emu.requests.slice(start).filter((request) => request.operationId === operationId).length;

const steps: Step<World>[] = [
  {
    name: "sign",
    run: async ({ emu, ads }) => {
      const { data } = await ads.GET("/12/accounts");
      check(
        data.data.some((account) => account.id === emu.fixture.accountId),
        "GET /12/accounts did not list the fixture account",
      );
      const { consumerKey, token, tokenSecret } = emu.fixture;
      const forged = createAdsClient({
        oauth1: { consumerKey, consumerSecret: "not-the-secret", token, tokenSecret },
        fetch: (url: string, init: RequestInit) => emu.fetch(url, init),
      });
      const refused = await forged.GET("/12/accounts");
      check(refused.response.status === 401, `a wrong consumer secret got ${refused.response.status}, not 401`);
    },
  },
  {
    name: "list with paging",
    run: async (world) => {
      const created = [await createCampaign(world, "paged 1"), await createCampaign(world, "paged 2")];
      const { ads, emu, account } = world;
      const { data } = await ads.GET("/12/accounts/{account_id}/campaigns", {
        params: { path: account, query: { count: 1, with_total_count: true } },
      });
      const start = emu.requests.length;
      const paged: string[] = [];
      for await (const campaign of paginate(ads, "/12/accounts/{account_id}/campaigns", {
        params: { path: account, query: { count: 2 } },
      })) {
        paged.push(campaign.id);
      }
      check(paged.length === data.total_count, `paged ${paged.length} campaigns, total_count is ${data.total_count}`);
      check(
        created.every((id) => paged.includes(id)),
        "the campaigns just created are missing from the pages",
      );
      const pages = operationsSince(emu, start, "listCampaigns");
      check(pages === Math.ceil(paged.length / 2), `${paged.length} campaigns came in ${pages} pages of 2`);
    },
  },
  {
    name: "create",
    run: async (world) => {
      const id = await createCampaign(world, "smoke create");
      const { data } = await world.ads.GET("/12/accounts/{account_id}/campaigns/{campaign_id}", {
        params: { path: { ...world.account, campaign_id: id } },
      });
      check(data.data.name === "smoke create", `the campaign read back is named ${JSON.stringify(data.data.name)}`);
    },
  },
  {
    name: "batch",
    run: async ({ ads, emu, account }) => {
      const names = ["batch 1", "batch 2"];
      const created = await sendBatch(
        ads,
        "/12/batch/accounts/{account_id}/campaigns",
        names.map((name) => ({
          operation_type: "Create" as const,
          params: { name, funding_instrument_id: emu.fixture.fundingInstrumentId, entity_status: "PAUSED" as const },
        })),
        { pathParams: account },
      );
      const answered = created.map((campaign) => campaign.name);
      check(answered.join() === names.join(), `the batch answered ${JSON.stringify(answered)}`);
    },
  },
  {
    name: "upload",
    run: async ({ upload, emu }) => {
      const start = emu.requests.length;
      const media = await upload.uploadMedia({
        media: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0]),
        mediaType: "image/png",
        mediaCategory: "tweet_image",
        chunkSize: 4,
      });
      check(/^\d+$/.test(media.mediaId), `the upload answered media id ${JSON.stringify(media.mediaId)}`);
      const sent = operationsSince(emu, start, "uploadMedia");
      check(sent === 5, `10 bytes in chunks of 4 took ${sent} upload commands, not INIT, 3 APPEND and FINALIZE`);
    },
  },
  {
    name: "validate",
    run: async ({ ads, emu, account }) => {
      const tooMany = validateRequest("listCampaigns", { path: account, query: "count=1001" });
      check(
        !tooMany.valid && tooMany.errors.some((error) => error.parameter === "count"),
        "count=1001 was not refused",
      );
      const list = validateRequest("listCampaigns", { path: account, query: "count=10" });
      check(list.valid, `count=10 was refused: ${list.valid ? "" : JSON.stringify(list.errors)}`);
      const { data } = await ads.GET("/12/accounts/{account_id}/campaigns/{campaign_id}", {
        params: { path: { ...account, campaign_id: emu.fixture.campaignId } },
      });
      const answer = validateResponse("getCampaign", 200, data);
      check(
        answer.valid,
        `the emulator's getCampaign answer is invalid: ${answer.valid ? "" : JSON.stringify(answer)}`,
      );
    },
  },
];

export function run(): Promise<SmokeReport> {
  return runSteps(setUp, steps);
}
