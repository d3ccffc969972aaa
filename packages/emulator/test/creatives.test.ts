// Seed 002 (creatives) and the upload host: the state rules, each named with its section.
import { describe, expect, it } from "vitest";
import type { Emulator } from "../src/index.js";
import { accountPath, call, newEmulator, SANDBOX } from "./helpers.js";

const UPLOAD = "https://upload.x.com/1.1/media/upload.json";

/** A v1.1 chunked upload of `bytes` bytes in one APPEND; answers FINALIZE's body. */
async function upload(emu: Emulator, mediaType: string, category: string, bytes = 8) {
  const init = await call(emu, "POST", UPLOAD, {
    form: `command=INIT&total_bytes=${bytes}&media_type=${encodeURIComponent(mediaType)}&media_category=${category}`,
  });
  expect(init.status).toBe(200);
  const id = init.body.media_id_string as string;
  const form = new FormData();
  form.set("command", "APPEND");
  form.set("media_id", id);
  form.set("segment_index", "0");
  // media_data (base64): the validator refuses a raw `media` file part (see the README).
  form.set("media_data", Buffer.alloc(bytes).toString("base64"));
  const request = new Request(UPLOAD, { method: "POST", body: form });
  const append = await call(emu, "POST", UPLOAD, {
    headers: { "content-type": request.headers.get("content-type") ?? "" },
    rawBody: await request.arrayBuffer(),
  });
  expect(append.text).toBe("");
  expect(append.status).toBe(204);
  const finalize = await call(emu, "POST", UPLOAD, { form: `command=FINALIZE&media_id=${id}` });
  return finalize;
}

const status = (emu: Emulator, id: string) => call(emu, "GET", `${UPLOAD}?command=STATUS&media_id=${id}`);

describe("uploads (facts file, upload host)", () => {
  it("the upload document's example media is there from the start, processed (every example request finds what it names)", async () => {
    const emu = await newEmulator();
    const answer = await status(emu, "710511363345354753");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ media_key: "13_710511363345354753", processing_info: { state: "succeeded" } });
  });

  it("processing moves pending -> in_progress -> succeeded over check_after_secs on the virtual clock", async () => {
    const emu = await newEmulator();
    const finalized = await upload(emu, "video/mp4", "amplify_video");
    expect(finalized.status).toBe(200);
    expect(finalized.body.processing_info.state).toBe("pending");
    const id = finalized.body.media_id_string;
    const wait = finalized.body.processing_info.check_after_secs * 1000;
    emu.clock.advance(wait);
    expect((await status(emu, id)).body.processing_info.state).toBe("in_progress");
    emu.clock.advance(wait);
    expect((await status(emu, id)).body.processing_info).toMatchObject({ state: "succeeded", progress_percent: 100 });
  });

  it("FINALIZE checks the segments against total_bytes", async () => {
    const emu = await newEmulator();
    const init = await call(emu, "POST", UPLOAD, { form: "command=INIT&total_bytes=100&media_type=image%2Fpng" });
    const finalize = await call(emu, "POST", UPLOAD, {
      form: `command=FINALIZE&media_id=${init.body.media_id_string}`,
    });
    expect(finalize.status).toBe(400);
  });

  it("an injected processing fault ends processing in state failed", async () => {
    const emu = await newEmulator();
    emu.faults.add({ operationId: "uploadMedia", processing: "failed" });
    const finalized = await upload(emu, "video/mp4", "amplify_video");
    emu.clock.advance(60_000);
    const answer = await status(emu, finalized.body.media_id_string);
    expect(answer.body.processing_info.state).toBe("failed");
    expect(answer.body.processing_info.error.name).toBe("InvalidMedia");
  });

  it("v2: initialize, append, finalize and status", async () => {
    const emu = await newEmulator();
    const base = "https://api.x.com/2/media/upload";
    const init = await call(emu, "POST", `${base}/initialize`, {
      json: { media_type: "video/mp4", total_bytes: 3, media_category: "amplify_video" },
    });
    const id = init.body.data.id as string;
    const append = await call(emu, "POST", `${base}/${id}/append`, {
      json: { media: Buffer.from("abc").toString("base64"), segment_index: 0 },
    });
    expect(append.status).toBe(200);
    expect((await call(emu, "POST", `${base}/${id}/finalize`, { json: {} })).body.data.size).toBe(3);
    emu.clock.advance(10_000);
    const done = await call(emu, "GET", `${base}?media_id=${id}&command=STATUS`);
    expect(done.body.data.processing_info.state).toBe("succeeded");
  });
});

describe("seed 002 creatives", () => {
  it("an AMPLIFY_VIDEO media library object is also PREROLL account media (seed 002 section 3); unknown media keys are refused", async () => {
    const emu = await newEmulator();
    const unknown = await call(emu, "POST", accountPath(emu, "/media_library?media_key=13_1234567890123456789"));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].code).toBe("INVALID_MEDIA");
    const finalized = await upload(emu, "video/mp4", "amplify_video");
    const key = finalized.body.media_key as string;
    // Not processed yet: refused.
    expect((await call(emu, "POST", accountPath(emu, `/media_library?media_key=${key}`))).status).toBe(400);
    emu.clock.advance(10_000);
    const added = await call(emu, "POST", accountPath(emu, `/media_library?media_key=${key}`));
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ media_key: key, media_category: "AMPLIFY_VIDEO", media_type: "VIDEO" });
    const media = await call(emu, "GET", accountPath(emu, "/account_media?creative_types=PREROLL"));
    expect(media.body.data.map((m: { video_id: string }) => m.video_id)).toContain(key);
  });

  it("a draft post's delete is hard: GET afterwards is 404, not deleted: true (seed 002 section 3, section 7 (1))", async () => {
    const emu = await newEmulator();
    const draft = await call(emu, "POST", accountPath(emu, "/draft_tweets?text=hello"));
    expect(draft.status).toBe(200);
    expect(draft.body.data.user_id).toBe(emu.fixture.userId);
    const path = accountPath(emu, `/draft_tweets/${draft.body.data.id}`);
    const preview = await call(emu, "POST", accountPath(emu, `/draft_tweets/preview/${draft.body.data.id}`));
    expect(preview.status).toBe(200);
    expect(typeof preview.body.message).toBe("string");
    const deleted = await call(emu, "DELETE", path);
    expect(deleted.body.data.status).toBe("DELETED");
    expect((await call(emu, "GET", path)).status).toBe(404);
    expect((await call(emu, "DELETE", path)).status).toBe(404);
  });

  it("an empty value clears a draft's card_uri and media_keys (seed 002 section 4.3)", async () => {
    const emu = await newEmulator();
    const draft = await call(emu, "POST", accountPath(emu, "/draft_tweets?text=hi&card_uri=card%3A%2F%2F1"));
    const path = accountPath(emu, `/draft_tweets/${draft.body.data.id}`);
    const cleared = await call(emu, "PUT", `${path}?card_uri=&media_keys=`);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.card_uri).toBeNull();
    expect(cleared.body.data.media_keys).toEqual([]);
  });

  it("a poll closes duration_in_minutes after its creation, and its delete is hard (seed 002 section 3, section 4.6)", async () => {
    const emu = await newEmulator();
    const poll = await call(
      emu,
      "POST",
      accountPath(emu, "/cards/poll?name=p&duration_in_minutes=60&first_choice=a&second_choice=b"),
    );
    expect(poll.status).toBe(200);
    expect(poll.body.data).toMatchObject({
      start_time: "2026-01-01T00:00:00Z",
      end_time: "2026-01-01T01:00:00Z",
      card_type: "TEXT_POLLS",
      card_uri: `card://${poll.body.data.id}`,
    });
    const path = accountPath(emu, `/cards/poll/${poll.body.data.id}`);
    expect((await call(emu, "DELETE", path)).status).toBe(200);
    expect((await call(emu, "GET", `${path}?with_deleted=true`)).status).toBe(404);
  });

  it("a card PUT replaces each field sent: a components array with an item removed (seed 002 section 4.2)", async () => {
    const emu = await newEmulator();
    const cards = await call(emu, "GET", accountPath(emu, "/cards"));
    const card = cards.body.data[0];
    const components = card.components.slice(0, 1);
    const updated = await call(emu, "PUT", accountPath(emu, `/cards/${card.id}`), { json: { components } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.components).toEqual(components);
    expect(updated.body.data.name).toBe(card.name);
  });

  it("a card's card_type follows its media and destination (spec CardType, seed 002 section 4.2)", async () => {
    const emu = await newEmulator();
    const image = "3_1073727809120419840";
    const video = "13_958388276489895936";
    const website = {
      type: "DETAILS",
      title: "Developers",
      destination: { type: "WEBSITE", url: "https://developer.x.com" },
    };
    const app = {
      type: "BUTTON",
      label: { type: "ENUM", value: "OPEN" },
      destination: { type: "APP", country_code: "US", googleplay_app_id: "com.twitter.android" },
    };
    const typeOf = async (components: unknown[]) => {
      const answer = await call(emu, "POST", accountPath(emu, "/cards"), { json: { name: "typed", components } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.card_type;
    };
    expect(await typeOf([{ type: "MEDIA", media_key: image }, website])).toBe("IMAGE_WEBSITE");
    expect(await typeOf([{ type: "MEDIA", media_key: video }, app])).toBe("VIDEO_APP");
    expect(await typeOf([{ type: "SWIPEABLE_MEDIA", media_keys: [image, image] }, website])).toBe(
      "IMAGE_CAROUSEL_WEBSITE",
    );
    expect(await typeOf([{ type: "SWIPEABLE_MEDIA", media_keys: [video, image] }, app])).toBe(
      "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP",
    );
  });

  it("features list only the granted ones; added and removed on the sandbox (seed 000 features, seed 002 section 4.6)", async () => {
    const emu = await newEmulator();
    const path = accountPath(emu, "/features");
    const before = (await call(emu, "GET", path)).body.data as string[];
    expect(before).not.toContain("PREROLL_VIEWS_OBJECTIVE");
    await call(emu, "POST", `${SANDBOX}${path}?feature_keys=PREROLL_VIEWS_OBJECTIVE`);
    expect((await call(emu, "GET", path)).body.data).toContain("PREROLL_VIEWS_OBJECTIVE");
    await call(emu, "DELETE", `${SANDBOX}${path}?feature_keys=PREROLL_VIEWS_OBJECTIVE,PROMOTED_MEDIA_POLLS`);
    const after = (await call(emu, "GET", path)).body.data as string[];
    expect(after).not.toContain("PROMOTED_MEDIA_POLLS");
    expect(after).not.toContain("PREROLL_VIEWS_OBJECTIVE");
  });

  it("a scheduled post is SCHEDULED until scheduled_at, then SUCCESS with a tweet_id (spec ScheduledTweet)", async () => {
    const emu = await newEmulator();
    const at = "2026-01-01T01:00:00Z";
    const created = await call(emu, "POST", accountPath(emu, `/scheduled_tweets?text=later&scheduled_at=${at}`));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ scheduled_status: "SCHEDULED", tweet_id: null });
    const path = accountPath(emu, `/scheduled_tweets/${created.body.data.id}`);
    emu.clock.advance(3_600_000);
    const live = await call(emu, "GET", path);
    expect(live.body.data).toMatchObject({ scheduled_status: "SUCCESS", completed_at: at });
    expect(live.body.data.tweet_id).toMatch(/^\d+$/);
    expect((await call(emu, "DELETE", path)).body.data.scheduled_status).toBe("DELETED");
    expect((await call(emu, "GET", path)).status).toBe(404);
  });
});

describe("faults: dropped connections", () => {
  it("in-process fetch rejects with a TypeError, like a network failure, the given number of times", async () => {
    const emu = await newEmulator();
    emu.faults.add({ operationId: "listCampaigns", drop: true, times: 1 });
    await expect(call(emu, "GET", accountPath(emu, "/campaigns"))).rejects.toBeInstanceOf(TypeError);
    expect((await call(emu, "GET", accountPath(emu, "/campaigns"))).status).toBe(200);
  });

  it("a served port destroys the socket: the client's fetch rejects with a TypeError", async () => {
    const emu = await newEmulator({ auth: "lenient" });
    const served = await emu.listen();
    try {
      emu.faults.add({ operationId: "listCampaigns", drop: true });
      const url = `${served.urls.ads}${accountPath(emu, "/campaigns")}`;
      const init = { headers: { authorization: "OAuth lenient" } };
      await expect(fetch(url, init)).rejects.toBeInstanceOf(TypeError);
      expect((await fetch(url, init)).status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
