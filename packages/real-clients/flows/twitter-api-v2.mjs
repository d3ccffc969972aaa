// twitter-api-v2, unchanged, as its documentation shows it: three-legged OAuth (callback and PIN),
// app-only bearer and its invalidation, v1.1 and v2 uploads, ads calls with paging, full URLs and the
// sandbox. Its hosts are hard-coded (https://api.x.com, upload.x.com, ads-api.x.com and
// ads-api-sandbox.twitter.com); it reaches the emulator through HTTPS_PROXY with the documented
// `httpAgent` option, and trusts the emulator's local CA through NODE_EXTRA_CA_CERTS.
import { get } from "node:https";
import { HttpsProxyAgent } from "https-proxy-agent";
import { TwitterApi } from "twitter-api-v2";
import { check, fixture, runFlows } from "./report.mjs";

const settings = { httpAgent: new HttpsProxyAgent(process.env.HTTPS_PROXY ?? "") };
const appKeys = { appKey: fixture.consumerKey, appSecret: fixture.consumerSecret };
const app = new TwitterApi(appKeys, settings);
const user = new TwitterApi({ ...appKeys, accessToken: fixture.token, accessSecret: fixture.tokenSecret }, settings);

/**
 * What the user's browser does with the authorize link: the page, and where it sends them.
 * @param {string} url
 * @returns {Promise<{ location: string | undefined, page: string }>}
 */
function approve(url) {
  return new Promise((resolve, reject) => {
    get(url, { agent: settings.httpAgent }, (answer) => {
      let page = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk) => {
        page += chunk;
      });
      answer.on("end", () => {
        // The approval page sends the browser on with a refresh to the callback.
        const refresh = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(page)?.[1];
        const unescaped = refresh?.replace(/&(?:amp|#38);/g, "&");
        resolve({ location: answer.headers.location ?? unescaped, page });
      });
    }).on("error", reject);
  });
}

/** Small media files: a PNG's signature, a GIF header, an MP4's ftyp box, padded. */
const media = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2_000)]),
  gif: Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(3_000)]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(300_000)]),
};

const account = fixture.accountId;

await runFlows({
  async "three-legged OAuth with a callback"() {
    const link = await app.generateAuthLink("https://app.example/callback");
    const { location } = await approve(link.url);
    const verifier = new URL(String(location)).searchParams.get("oauth_verifier");
    check(verifier, `the authorize page sent the user to ${location}`);
    const pending = new TwitterApi(
      { ...appKeys, accessToken: link.oauth_token, accessSecret: link.oauth_token_secret },
      settings,
    );
    const { client, accessToken } = await pending.login(verifier);
    const accounts = await client.ads.get("accounts");
    check(
      accounts.data.some((/** @type {{ id: string }} */ a) => a.id === account),
      "the new token lists the account",
    );
    return `access token ${accessToken.slice(0, 8)}...`;
  },

  async "three-legged OAuth with a PIN"() {
    const link = await app.generateAuthLink("oob");
    const { page } = await approve(link.url);
    const pin = /<code id="oauth_pin">(\d+)<\/code>/.exec(page)?.[1];
    check(pin, "the authorize page shows a PIN");
    const pending = new TwitterApi(
      { ...appKeys, accessToken: link.oauth_token, accessSecret: link.oauth_token_secret },
      settings,
    );
    const { client } = await pending.login(pin);
    check((await client.ads.get(`accounts/${account}`)).data.id === account, "the PIN's token reads the account");
    return `PIN ${pin.length} digits`;
  },

  async "app-only bearer token and its invalidation"() {
    const bearerClient = await app.appLogin();
    /** @param {TwitterApi} client */
    const bearerOf = (client) => {
      const tokens = client.getActiveTokens();
      return tokens.type === "oauth2" ? tokens.bearerToken : undefined;
    };
    const bearerToken = bearerOf(bearerClient);
    check(bearerToken, "appLogin gives a bearer token");
    const again = bearerOf(await app.appLogin());
    check(again === bearerToken, "the application's one outstanding token is given again");
    // The host takes the revocation signed with OAuth 1.0a by the application's owner.
    const revoked = await user.post("https://api.x.com/oauth2/invalidate_token", { access_token: bearerToken });
    check(revoked.access_token === bearerToken, "invalidate_token answers the token it revoked");
    const fresh = bearerOf(await app.appLogin());
    check(fresh !== bearerToken, "after invalidation a new token is issued");
    return "issued, repeated, revoked, reissued";
  },

  async "v1.1 uploadMedia: an image"() {
    const id = await user.v1.uploadMedia(media.png, { mimeType: "image/png" });
    check(/^\d+$/.test(id), `media id ${id}`);
    return id;
  },

  async "v1.1 uploadMedia: a GIF"() {
    return user.v1.uploadMedia(media.gif, { mimeType: "image/gif" });
  },

  async "v1.1 uploadMedia: a chunked video, waiting for processing"() {
    const full = await user.v1.uploadMedia(media.mp4, { mimeType: "video/mp4", chunkLength: 100_000 }, true);
    const info = await user.v1.mediaInfo(full.media_id_string);
    check(info.processing_info?.state === "succeeded", `processing ${JSON.stringify(info.processing_info)}`);
    return `${full.media_id_string}: ${Math.ceil(media.mp4.length / 100_000)} chunks, processed`;
  },

  async "v2 uploadMedia: an image and a video"() {
    const image = await user.v2.uploadMedia(media.png, { media_type: "image/png" });
    const video = await user.v2.uploadMedia(media.mp4, { media_type: "video/mp4" }, 100_000);
    check(image && video, "both uploads give a media id");
    return `${image}, ${video}`;
  },

  async "ads: create, read, update, list to the end, delete"() {
    const created = await user.ads.post(`accounts/${account}/campaigns`, {
      funding_instrument_id: fixture.fundingInstrumentId,
      name: "from twitter-api-v2",
      daily_budget_amount_local_micro: 5_000_000,
      entity_status: "PAUSED",
    });
    const id = created.data.id;
    check((await user.ads.get(`accounts/${account}/campaigns/${id}`)).data.name === "from twitter-api-v2", "read");
    const renamed = await user.ads.put(`accounts/${account}/campaigns/${id}`, { name: "renamed" });
    check(renamed.data.name === "renamed", "update");
    /** @type {string[]} */
    const seen = [];
    /** @type {string | undefined} */
    let cursor;
    do {
      /** @type {{ data: Array<{ id: string }>, next_cursor?: string }} */
      const page = await user.ads.get(`accounts/${account}/campaigns`, { count: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...page.data.map((campaign) => campaign.id));
      cursor = page.next_cursor;
    } while (cursor);
    check(seen.includes(id), `paged ${seen.length} campaigns to the end`);
    const deleted = await user.ads.delete(`accounts/${account}/campaigns/${id}`);
    check(deleted.data.deleted === true, "delete");
    return `${seen.length} campaigns paged one by one`;
  },

  async "ads: full URLs and the sandbox prefix"() {
    const full = await user.get(`https://ads-api.x.com/12/accounts/${account}`);
    const sandbox = await user.ads.sandbox.get(`accounts/${account}/funding_instruments`);
    check(full.data.id === account, "a full production URL");
    check(sandbox.data.length > 0, "the sandbox host (ads-api-sandbox.twitter.com)");
    return "ads-api.x.com and ads-api-sandbox.twitter.com";
  },
});
