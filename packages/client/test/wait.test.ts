// waitForMedia and waitForAudience: against a scripted fetch (state sequences, failure, deadline, abort,
// 5xx) on a virtual clock, then against @xads/emulator on its virtual clock, advanced by the injected
// sleep so that minutes of processing and a day of audience matching take no time.
import { createEmulator, type Emulator } from "@xads/emulator";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createAdsClient,
  createUploadClient,
  type FetchLike,
  type ProcessingInfo,
  type UploadClient,
  XAdsApiError,
} from "../src/index.js";
import { XAdsDeadlineError } from "../src/wait.js";
import { type CustomAudience, waitForAudience } from "../src/wait-for-audience.js";
import { waitForMedia } from "../src/wait-for-media.js";

const oauth1 = { consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts" };

/** A fetch that answers from a script, in order, and records what it was sent. */
function scripted(...answers: (() => Response)[]) {
  const sent: { method: string; url: string }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ method: init.method ?? "GET", url });
    const next = answers.shift();
    if (!next) throw new Error(`scripted fetch: no answer left for ${init.method} ${url}`);
    return next();
  };
  return { fetch, sent, left: () => answers.length };
}
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A virtual clock and a sleep that moves it: every wait is recorded and takes no time. */
function virtualTime() {
  let t = 1_767_225_600_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
  };
}

const status = (mediaId: string, processing_info?: ProcessingInfo) =>
  json(200, {
    media_id_string: mediaId,
    media_key: `7_${mediaId}`,
    ...(processing_info ? { processing_info } : {}),
  });

describe("waitForMedia against a scripted host", () => {
  it("polls STATUS after each check_after_secs: pending -> in_progress -> succeeded", async () => {
    const host = scripted(
      status("42", { state: "pending", check_after_secs: 5, progress_percent: 0 }),
      status("42", { state: "in_progress", check_after_secs: 3, progress_percent: 60 }),
      status("42", { state: "succeeded", progress_percent: 100 }),
    );
    const time = virtualTime();
    const progress: ProcessingInfo[] = [];
    const media = await waitForMedia(createUploadClient({ fetch: host.fetch, oauth1 }), {
      mediaId: "42",
      onProgress: (info) => progress.push(info),
      ...time,
    });
    expect(media).toMatchObject({ mediaId: "42", mediaKey: "7_42", processingInfo: { state: "succeeded" } });
    expect(time.sleeps).toEqual([5000, 3000]);
    expect(progress.map((p) => p.state)).toEqual(["pending", "in_progress"]);
    expect(host.sent).toEqual(
      Array(3).fill({ method: "GET", url: "https://upload.x.com/1.1/media/upload.json?command=STATUS&media_id=42" }),
    );
  });

  it("v2: GET /2/media/upload on api.x.com, the record under data", async () => {
    const host = scripted(
      json(200, {
        data: { id: "77", media_key: "7_77", processing_info: { state: "in_progress", check_after_secs: 2 } },
      }),
      json(200, { data: { id: "77", media_key: "7_77", processing_info: { state: "succeeded" } } }),
    );
    const time = virtualTime();
    const media = await waitForMedia(createUploadClient({ fetch: host.fetch, oauth1 }), {
      mediaId: "77",
      api: "v2",
      ...time,
    });
    expect(media).toMatchObject({ mediaId: "77", mediaKey: "7_77", processingInfo: { state: "succeeded" } });
    expect(time.sleeps).toEqual([2000]);
    expect(host.sent.map((r) => r.url)).toEqual(
      Array(2).fill("https://api.x.com/2/media/upload?command=STATUS&media_id=77"),
    );
  });

  it("resolves at once for media without processing_info", async () => {
    const host = scripted(status("5"));
    const time = virtualTime();
    const media = await waitForMedia(createUploadClient({ fetch: host.fetch, oauth1 }), { mediaId: "5", ...time });
    expect(media).toEqual({ mediaId: "5", mediaKey: "7_5" });
    expect(time.sleeps).toEqual([]);
  });

  it("failed processing throws XAdsApiError with the host's error", async () => {
    const error = { code: 1, name: "InvalidMedia", message: "Unsupported video format" };
    const host = scripted(
      status("9", { state: "in_progress", check_after_secs: 1 }),
      status("9", { state: "failed", error }),
    );
    const thrown = await waitForMedia(createUploadClient({ fetch: host.fetch, oauth1 }), {
      mediaId: "9",
      ...virtualTime(),
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(XAdsApiError);
    expect(thrown).not.toBeInstanceOf(XAdsDeadlineError);
    expect((thrown as XAdsApiError).message).toBe("media 9: processing failed: Unsupported video format");
    expect((thrown as XAdsApiError).errors).toEqual([error]);
    expect((thrown as XAdsApiError).body).toEqual({ state: "failed", error });
  });

  it("never finishing: the deadline throws an error naming deadlineMs, without sleeping past it", async () => {
    const pending = () => status("8", { state: "in_progress", check_after_secs: 5 })();
    const host = scripted(...Array(10).fill(pending));
    const time = virtualTime();
    const thrown = await waitForMedia(createUploadClient({ fetch: host.fetch, oauth1 }), {
      mediaId: "8",
      deadlineMs: 12_000,
      ...time,
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(XAdsDeadlineError);
    expect(thrown).toBeInstanceOf(XAdsApiError);
    expect((thrown as XAdsDeadlineError).message).toMatch(/media 8: still in_progress .*deadlineMs: 12000 ms/);
    expect((thrown as XAdsDeadlineError).deadlineMs).toBe(12_000);
    // Reads at 0, 5 and 10 s; the next one (15 s) would come after the deadline.
    expect(time.sleeps).toEqual([5000, 5000]);
    expect(host.sent).toHaveLength(3);
  });

  it("check_after_secs 0 on a clock that stands still still ends: each STATUS counts a second", async () => {
    const host = scripted(...Array(20).fill(status("3", { state: "pending", check_after_secs: 0 })));
    const sleeps: number[] = [];
    const thrown = await waitForMedia(createUploadClient({ fetch: host.fetch, oauth1 }), {
      mediaId: "3",
      deadlineMs: 4_000,
      now: () => 0,
      sleep: async (ms) => void sleeps.push(ms),
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(XAdsDeadlineError);
    expect(host.sent).toHaveLength(5);
    expect(sleeps).toEqual([0, 0, 0, 0]);
  });

  it("abort while sleeping rejects at once with the signal's reason, even if the sleep ignores the signal", async () => {
    const host = scripted(status("4", { state: "pending", check_after_secs: 60 }));
    const controller = new AbortController();
    const reason = new Error("user cancelled");
    let slept = 0;
    const waiting = waitForMedia(createUploadClient({ fetch: host.fetch, oauth1 }), {
      mediaId: "4",
      signal: controller.signal,
      sleep: () => {
        slept++;
        controller.abort(reason);
        return new Promise<never>(() => {}); // never ends by itself
      },
    });
    await expect(waiting).rejects.toBe(reason);
    expect(slept).toBe(1);
    expect(host.sent).toHaveLength(1);
  });

  it("abort while the default timer sleeps rejects promptly", async () => {
    const host = scripted(status("4", { state: "pending", check_after_secs: 60 }));
    const controller = new AbortController();
    const started = Date.now();
    const waiting = waitForMedia(createUploadClient({ fetch: host.fetch, oauth1 }), {
      mediaId: "4",
      signal: controller.signal,
      onProgress: () => setTimeout(() => controller.abort(new Error("stop")), 10),
    });
    await expect(waiting).rejects.toThrow("stop");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("an aborted signal sends nothing", async () => {
    const host = scripted();
    const signal = AbortSignal.abort(new Error("already"));
    await expect(
      waitForMedia(createUploadClient({ fetch: host.fetch, oauth1 }), { mediaId: "1", signal }),
    ).rejects.toThrow("already");
    expect(host.sent).toEqual([]);
  });

  it("a 503 during polling is retried by the client; with retries off a 500 surfaces as XAdsApiError", async () => {
    const host = scripted(
      status("6", { state: "pending", check_after_secs: 1 }),
      json(503, { errors: [{ code: 131, message: "Internal error" }] }),
      status("6", { state: "succeeded" }),
    );
    const retrying = createUploadClient({ fetch: host.fetch, oauth1, random: () => 0 });
    const media = await waitForMedia(retrying, { mediaId: "6", ...virtualTime() });
    expect(media.processingInfo?.state).toBe("succeeded");
    expect(host.sent).toHaveLength(3);
    expect(host.left()).toBe(0);

    const failing = scripted(
      status("6", { state: "pending", check_after_secs: 1 }),
      json(500, { errors: [{ code: 131, message: "Internal error" }] }),
    );
    const thrown = await waitForMedia(createUploadClient({ fetch: failing.fetch, oauth1, retry: false }), {
      mediaId: "6",
      ...virtualTime(),
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(XAdsApiError);
    expect((thrown as XAdsApiError).status).toBe(500);
    expect((thrown as XAdsApiError).path).toBe("/1.1/media/upload.json");
    expect((thrown as XAdsApiError).errors[0]?.code).toBe(131);
  });

  it("rejects bad options naming them", async () => {
    const upload = createUploadClient({ fetch: scripted().fetch, oauth1 });
    await expect(waitForMedia(upload, { mediaId: "" })).rejects.toThrow(/mediaId must be the media id/);
    await expect(waitForMedia(upload, { mediaId: "1", deadlineMs: Number.NaN })).rejects.toThrow(
      /waitForMedia: deadlineMs must be a finite number/,
    );
    await expect(waitForMedia(upload, { mediaId: "1", deadlineMs: Number.POSITIVE_INFINITY })).rejects.toThrow(
      RangeError,
    );
  });
});

const audience = (targetable: boolean, reasons: string[]): CustomAudience => ({
  id: "2906h",
  name: "developers",
  audience_type: "CRM",
  targetable,
  reasons_not_targetable: reasons,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  deleted: false,
});
const answer = (record: CustomAudience) => json(200, { request: { params: {} }, data: record });

describe("waitForAudience against a scripted host", () => {
  it("reads every intervalMs until targetable and resolves with that audience", async () => {
    const host = scripted(
      answer(audience(false, ["PROCESSING", "TOO_SMALL"])),
      answer(audience(false, ["TOO_SMALL"])),
      answer(audience(true, [])),
    );
    const time = virtualTime();
    const polled: unknown[] = [];
    const result = await waitForAudience(createAdsClient({ fetch: host.fetch, oauth1 }), {
      accountId: "18ce54d4x5t",
      customAudienceId: "2906h",
      intervalMs: 60_000,
      onPoll: (a) => polled.push(a.reasons_not_targetable),
      ...time,
    });
    expect(result).toEqual(audience(true, []));
    expect(time.sleeps).toEqual([60_000, 60_000]);
    expect(polled).toEqual([["PROCESSING", "TOO_SMALL"], ["TOO_SMALL"]]);
    expect(host.sent).toEqual(
      Array(3).fill({ method: "GET", url: "https://ads-api.x.com/12/accounts/18ce54d4x5t/custom_audiences/2906h" }),
    );
  });

  it("takes its own condition", async () => {
    const host = scripted(answer(audience(false, ["PROCESSING", "TOO_SMALL"])), answer(audience(false, ["TOO_SMALL"])));
    const time = virtualTime();
    const result = await waitForAudience(createAdsClient({ fetch: host.fetch, oauth1 }), {
      accountId: "18ce54d4x5t",
      customAudienceId: "2906h",
      until: (a) => !a.reasons_not_targetable?.includes("PROCESSING"),
      ...time,
    });
    expect(result.reasons_not_targetable).toEqual(["TOO_SMALL"]);
    // The default interval: 15 minutes.
    expect(time.sleeps).toEqual([900_000]);
  });

  it("never targetable: reads at each interval, a last time at the deadline, then throws naming deadlineMs", async () => {
    const host = scripted(...Array(10).fill(answer(audience(false, ["TOO_SMALL"]))));
    const time = virtualTime();
    const thrown = await waitForAudience(createAdsClient({ fetch: host.fetch, oauth1 }), {
      accountId: "18ce54d4x5t",
      customAudienceId: "2906h",
      deadlineMs: 40 * 60_000,
      ...time,
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(XAdsDeadlineError);
    const error = thrown as XAdsDeadlineError;
    expect(error.message).toMatch(/custom audience 2906h: .* after deadlineMs \(2400000 ms\).*TOO_SMALL/);
    expect(error.body).toEqual(audience(false, ["TOO_SMALL"]));
    expect(error.deadlineMs).toBe(2_400_000);
    expect(time.sleeps).toEqual([900_000, 900_000, 600_000]);
    expect(host.sent).toHaveLength(4);
  });

  it("an error answer is the client's XAdsApiError, not retried when it is a 404", async () => {
    const host = scripted(json(404, { errors: [{ code: "NOT_FOUND", message: "Audience not found" }] }));
    const thrown = await waitForAudience(createAdsClient({ fetch: host.fetch, oauth1 }), {
      accountId: "18ce54d4x5t",
      customAudienceId: "nope",
      ...virtualTime(),
    }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(XAdsApiError);
    expect((thrown as XAdsApiError).status).toBe(404);
    expect((thrown as XAdsApiError).errors[0]?.code).toBe("NOT_FOUND");
    expect(host.sent).toHaveLength(1);
  });

  it("abort while sleeping rejects with the reason and reads no more", async () => {
    const host = scripted(answer(audience(false, ["PROCESSING"])), answer(audience(true, [])));
    const controller = new AbortController();
    const waiting = waitForAudience(createAdsClient({ fetch: host.fetch, oauth1 }), {
      accountId: "18ce54d4x5t",
      customAudienceId: "2906h",
      signal: controller.signal,
      sleep: (_ms, signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener("abort", () => reject(new Error("sleep saw the abort")));
          controller.abort("shutting down");
        }),
    });
    await expect(waiting).rejects.toBe("shutting down");
    expect(host.sent).toHaveLength(1);
  });

  it("rejects bad options naming them", async () => {
    const ads = createAdsClient({ fetch: scripted().fetch, oauth1 });
    await expect(waitForAudience(ads, { accountId: "a", customAudienceId: "" })).rejects.toThrow(
      /customAudienceId must be a non-empty string/,
    );
    await expect(waitForAudience(ads, { accountId: "a", customAudienceId: "b", intervalMs: 0 })).rejects.toThrow(
      /intervalMs must be a finite number of ms, at least 1/,
    );
  });
});

describe("against @xads/emulator on a virtual clock", () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await createEmulator({ auth: "strict", rateLimits: true, now: Date.now() });
  });
  afterEach(() => emu.faults.clear());

  const clients = () => {
    const { consumerKey, consumerSecret, token, tokenSecret } = emu.fixture;
    const options = { fetch: emu.fetch.bind(emu), oauth1: { consumerKey, consumerSecret, token, tokenSecret } };
    return { upload: createUploadClient(options), ads: createAdsClient({ ...options, random: () => 0 }) };
  };
  /** The emulator's clock, moved by the helpers' sleeps. */
  const emulatorTime = () => ({
    now: emu.clock.now,
    sleep: async (ms: number) => void emu.clock.advance(ms),
  });

  /** INIT, one APPEND and FINALIZE of a v1.1 video upload: processing starts on the emulator's clock. */
  async function finalizedVideo(upload: UploadClient): Promise<string> {
    const post = upload.POST as unknown as (
      path: string,
      init: unknown,
    ) => Promise<{ data?: { media_id_string?: string }; response: Response }>;
    const form = (body: Record<string, string>) => ({
      body,
      bodySerializer: (b: Record<string, string>) => new URLSearchParams(b).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const init = await post(
      "/1.1/media/upload.json",
      form({ command: "INIT", total_bytes: "1024", media_type: "video/mp4", media_category: "amplify_video" }),
    );
    const mediaId = String(init.data?.media_id_string);
    const chunk = new FormData();
    chunk.set("command", "APPEND");
    chunk.set("media_id", mediaId);
    chunk.set("segment_index", "0");
    chunk.set("media", new Blob([new Uint8Array(1024)]), "chunk");
    const append = await post("/1.1/media/upload.json", {
      body: chunk,
      bodySerializer: (b: unknown) => b,
      parseAs: "text",
    });
    expect(append.response.ok).toBe(true);
    const finalize = await post("/1.1/media/upload.json", form({ command: "FINALIZE", media_id: mediaId }));
    expect(finalize.response.ok).toBe(true);
    return mediaId;
  }

  const statusCalls = (since: number) =>
    emu.requests.slice(since).filter((r) => r.operationId === "getMediaUploadCommandStatus").length;

  it("waitForMedia after an upload: pending 5 s, in_progress 5 s, succeeded, with no real waiting", async () => {
    emu.reset();
    const { upload } = clients();
    const mediaId = await finalizedVideo(upload);
    const start = emu.clock.now();
    const logged = emu.requests.length;
    const states: string[] = [];
    const media = await waitForMedia(upload, {
      mediaId,
      onProgress: (info) => states.push(info.state),
      ...emulatorTime(),
    });
    expect(media.processingInfo?.state).toBe("succeeded");
    expect(media.mediaKey).toMatch(new RegExp(`_${mediaId}$`));
    expect(states).toEqual(["pending", "in_progress"]);
    expect(emu.clock.now() - start).toBe(10_000);
    expect(statusCalls(logged)).toBe(3);
  });

  it("waitForMedia through v2 (api.x.com) sees a failed processing as XAdsApiError with the host's error", async () => {
    emu.reset();
    emu.faults.add({ operationId: "uploadMedia", processing: "failed" });
    const { upload } = clients();
    const mediaId = await finalizedVideo(upload);
    const thrown = await waitForMedia(upload, { mediaId, api: "v2", ...emulatorTime() }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(XAdsApiError);
    expect((thrown as XAdsApiError).message).toMatch(/processing failed: Unsupported video format/);
    expect((thrown as XAdsApiError).errors[0]).toMatchObject({ code: 1, name: "InvalidMedia" });
    expect(emu.requests.at(-1)?.operationId).toBe("getMediaUploadStatus");
  });

  it("uploadMedia polls through the same loop: its injected sleep moves the clock, maxProcessingMs is named", async () => {
    emu.reset();
    const { upload } = clients();
    const video = { media: new Uint8Array(2048), mediaType: "video/mp4", mediaCategory: "amplify_video" } as const;
    const start = emu.clock.now();
    const media = await upload.uploadMedia({ ...video, ...emulatorTime() });
    expect(media.processingInfo?.state).toBe("succeeded");
    expect(emu.clock.now() - start).toBe(10_000);
    await expect(upload.uploadMedia({ ...video, maxProcessingMs: 7_000, ...emulatorTime() })).rejects.toThrow(
      /still in_progress after the processing wait limit \(maxProcessingMs: 7000 ms\)/,
    );
  });

  it("waitForAudience: an audience that never becomes targetable hits the deadline after a day of reads", async () => {
    emu.reset();
    const { ads } = clients();
    const accountId = emu.fixture.accountId;
    const created = await ads.POST("/12/accounts/{account_id}/custom_audiences", {
      params: { path: { account_id: accountId }, query: { name: "never targetable" } },
    });
    const customAudienceId = String(created.data?.data.id);
    const start = emu.clock.now();
    const logged = emu.requests.length;
    // A 503 on the way is retried by the client (retry-after 0).
    emu.faults.add({ operationId: "getCustomAudience", status: 503, retryAfter: 0 });
    const thrown = await waitForAudience(ads, { accountId, customAudienceId, ...emulatorTime() }).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(XAdsDeadlineError);
    expect((thrown as XAdsDeadlineError).message).toMatch(/deadlineMs \(86400000 ms\)/);
    expect((thrown as XAdsDeadlineError).body).toMatchObject({
      id: customAudienceId,
      targetable: false,
      reasons_not_targetable: ["PROCESSING", "TOO_SMALL"],
    });
    expect(emu.clock.now() - start).toBe(86_400_000);
    const reads = emu.requests.slice(logged).filter((r) => r.operationId === "getCustomAudience");
    // 24 h / 15 min + 1 reads, plus the retried 503.
    expect(reads.map((r) => r.status).filter((s) => s === 200)).toHaveLength(97);
    expect(reads.filter((r) => r.status === 503)).toHaveLength(1);
  });

  it("waitForAudience resolves with the emulator's record once the condition holds", async () => {
    emu.reset();
    const { ads } = clients();
    const accountId = emu.fixture.accountId;
    const created = await ads.POST("/12/accounts/{account_id}/custom_audiences", {
      params: { path: { account_id: accountId }, query: { name: "placeholder" } },
    });
    const customAudienceId = String(created.data?.data.id);
    const audience = await waitForAudience(ads, {
      accountId,
      customAudienceId,
      until: (a) => a.audience_size === null && a.reasons_not_targetable?.includes("TOO_SMALL") === true,
      ...emulatorTime(),
    });
    expect(audience).toMatchObject({ id: customAudienceId, name: "placeholder", targetable: false });
    const missing = await waitForAudience(ads, { accountId, customAudienceId: "zzzzz", ...emulatorTime() }).catch(
      (e: unknown) => e,
    );
    expect(missing).toBeInstanceOf(XAdsApiError);
    expect((missing as XAdsApiError).status).toBe(404);
  });
});
