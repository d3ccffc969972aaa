// twitter-ads (FallenTech), unchanged, as its README shows it: callbacks, `:param` paths, the sandbox
// host by default (https://ads-api-sandbox.twitter.com, hard-coded). It sends through the `request`
// library, which honours HTTPS_PROXY by itself: with NODE_EXTRA_CA_CERTS, the two environment
// variables are all it takes.
const TwitterAdsAPI = require("twitter-ads");

const fixture = JSON.parse(process.env.XADS_FIXTURE || "{}");
const T = new TwitterAdsAPI({
  consumer_key: fixture.consumerKey,
  consumer_secret: fixture.consumerSecret,
  access_token: fixture.token,
  access_token_secret: fixture.tokenSecret,
  api_version: "12",
});
const account_id = fixture.accountId;

/** @typedef {Error & { allErrors?: Array<{ code: string }>, body?: unknown }} ClientError */

/**
 * The callback API as a promise: resolves with the body, rejects with the client's error.
 * @param {"get" | "post" | "put" | "delete"} method
 * @param {string} path
 * @param {Record<string, unknown>} params
 * @returns {Promise<any>}
 */
const send = (method, path, params) =>
  new Promise((resolve, reject) =>
    T[method](path, params, (error, _response, body) =>
      error ? reject(Object.assign(error, { body })) : resolve(body),
    ),
  );

/**
 * @param {unknown} condition
 * @param {string} message
 */
function check(condition, message) {
  if (!condition) throw new Error(message);
}

const flows = {
  async accounts() {
    const body = await send("get", "accounts", {});
    check(
      body.data.some((/** @type {{ id: string }} */ a) => a.id === account_id),
      "the fixture account is listed",
    );
    const one = await send("get", "accounts/:account_id", { account_id });
    check(one.data.id === account_id, "one account by id");
    return `${body.data.length} accounts`;
  },

  async "campaigns and line items: create, update, delete"() {
    const campaign = await send("post", "accounts/:account_id/campaigns", {
      account_id,
      funding_instrument_id: fixture.fundingInstrumentId,
      name: "from twitter-ads",
      daily_budget_amount_local_micro: 5000000,
      entity_status: "PAUSED",
    });
    const campaign_id = campaign.data.id;
    const lineItem = await send("post", "accounts/:account_id/line_items", {
      account_id,
      campaign_id,
      objective: "ENGAGEMENTS",
      product_type: "PROMOTED_TWEETS",
      placements: ["ALL_ON_TWITTER"],
    });
    const line_item_id = lineItem.data.id;
    const updated = await send("put", "accounts/:account_id/line_items/:line_item_id", {
      account_id,
      line_item_id,
      name: "renamed line item",
    });
    check(updated.data.name === "renamed line item", "line item renamed");
    const listed = await send("get", "accounts/:account_id/line_items", { account_id, campaign_ids: campaign_id });
    check(
      listed.data.some((/** @type {{ id: string }} */ l) => l.id === line_item_id),
      "the line item is listed under its campaign",
    );
    const gone = await send("delete", "accounts/:account_id/line_items/:line_item_id", { account_id, line_item_id });
    check(gone.data.deleted === true, "line item deleted");
    await send("delete", "accounts/:account_id/campaigns/:campaign_id", { account_id, campaign_id });
    return `campaign ${campaign_id}, line item ${line_item_id}`;
  },

  async "errors: a missing parameter and an unknown campaign"() {
    const missing = await send("post", "accounts/:account_id/campaigns", { account_id, name: "no funding" }).then(
      () => undefined,
      (/** @type {ClientError} */ error) => error,
    );
    check(missing?.allErrors?.[0]?.code === "MISSING_PARAMETER", `MISSING_PARAMETER, got ${missing?.message}`);
    const unknown = await send("get", "accounts/:account_id/campaigns/:campaign_id", {
      account_id,
      campaign_id: "zzzzz",
    }).then(
      () => undefined,
      (/** @type {ClientError} */ error) => error,
    );
    check(/^Twitter-Ads API Error|Bad status code returned: 404/.test(unknown?.message ?? ""), "404 as an error");
    return `${missing?.allErrors?.[0]?.code}; ${unknown?.message.split("\n")[0]}`;
  },
};

(async () => {
  const only = process.argv.slice(2);
  for (const [name, flow] of Object.entries(flows)) {
    if (only.length > 0 && !only.includes(name)) continue;
    try {
      console.log(JSON.stringify({ flow: name, ok: true, detail: await flow() }));
    } catch (caught) {
      const error = /** @type {ClientError} */ (caught);
      const body = error.body ? ` ${JSON.stringify(error.body)}` : "";
      console.log(JSON.stringify({ flow: name, ok: false, detail: `${error.message}${body}` }));
    }
  }
})();
