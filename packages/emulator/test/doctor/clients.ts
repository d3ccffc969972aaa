// What the client programs of the doctor's corpus share: a client's sleep on the emulator's virtual
// clock, a chunked video upload, and the lists and batches they send.
import type { Emulator } from "../../src/index.js";
import { accountPath, call } from "../helpers.js";

export const UPLOAD = "https://upload.x.com/1.1/media/upload.json";

/** A client's sleep: the emulator runs on a virtual clock, so waiting is moving it. */
export const sleep = (emu: Emulator, ms: number) => emu.clock.advance(ms);

/** INIT, APPEND and FINALIZE of a small ads video: its processing is asynchronous. */
export async function uploadVideo(emu: Emulator): Promise<{ mediaId: string; checkAfterSecs: number }> {
  const init = await call(
    emu,
    "POST",
    `${UPLOAD}?command=INIT&total_bytes=3&media_type=video%2Fmp4&media_category=amplify_video`,
  );
  const mediaId = init.body.media_id_string as string;
  await call(emu, "POST", `${UPLOAD}?command=APPEND&media_id=${mediaId}&segment_index=0`, { form: "media_data=AAAA" });
  const finalize = await call(emu, "POST", `${UPLOAD}?command=FINALIZE&media_id=${mediaId}`);
  if (finalize.status !== 200) throw new Error(`FINALIZE answered ${finalize.status}: ${finalize.text}`);
  return { mediaId, checkAfterSecs: finalize.body.processing_info.check_after_secs as number };
}

export const uploadStatus = (emu: Emulator, mediaId: string) =>
  call(emu, "GET", `${UPLOAD}?command=STATUS&media_id=${mediaId}`);

/** One page of the account's campaigns. */
export const campaignsPage = (emu: Emulator, query: string) =>
  call(emu, "GET", accountPath(emu, `/campaigns?${query}`));

export const campaignBatch = (emu: Emulator, items: unknown[]) =>
  call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/campaigns`, { json: items });

/** `count` campaign Create items. */
export const createItems = (emu: Emulator, count: number, prefix = "c") =>
  Array.from({ length: count }, (_, i) => ({
    operation_type: "Create",
    params: { name: `${prefix}${i}`, funding_instrument_id: emu.fixture.fundingInstrumentId, entity_status: "PAUSED" },
  }));

/** Campaigns enough for three pages of one. */
export async function threeCampaigns(emu: Emulator): Promise<void> {
  await campaignBatch(emu, createItems(emu, 3, "paged"));
}

export const customAudienceUsers = async (emu: Emulator, users: Array<Record<string, string[]>>) => {
  const audience = await call(emu, "POST", accountPath(emu, "/custom_audiences?name=doctor"));
  return call(emu, "POST", accountPath(emu, `/custom_audiences/${audience.body.data.id}/users`), {
    json: [{ operation_type: "Update", params: { users } }],
  });
};
