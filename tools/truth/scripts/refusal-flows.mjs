// The drill's extra flows: the refusals of two state rules that the workflows, which take only the
// allowed paths, never provoke. Switched off, a rule changes an answer only where it would refuse.
// - active-campaign-limit (seed 000 section 8): an account has at most 200 active campaigns, inactive
//   ones unlimited. 200 ACTIVE campaigns in five batches of 40 (the batch maximum), one PAUSED campaign
//   still allowed, then turning it ACTIVE and creating one more ACTIVE are both refused.
// - permission-owner-only (seed 001 section 3, section 4 rule 1): only the owning account grants or
//   revokes a permission, and within its business unless it has SHARE_AUDIENCE_OUTSIDE_BUSINESS
//   (new sandbox accounts name no business). A grant by another account, a grant outside the
//   business without the feature and a revoke by another account are refused.
// Each answer's status is checked, so a recording holds exactly these outcomes.

const CAMPAIGN_LIMIT = 200;
const BATCH_SIZE = 40;
const DAILY_BUDGET = 5_000_000;

/** @param {string} ads the ads document's origin (a signing proxy in front of the emulator) */
function client(ads) {
  /**
   * @param {string} method @param {string} path with its query @param {number} expected status
   * @param {unknown} [body] a JSON body
   * @returns {Promise<any>}
   */
  return async (method, path, expected, body) => {
    const answer = await fetch(`${ads}/12${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    if (answer.status !== expected)
      throw new Error(`${method} ${path}: ${answer.status}, expected ${expected}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
}

/** @param {ReturnType<typeof client>} send @returns {Promise<string>} */
const newAccount = async (send) => (await send("POST", "/accounts", 200)).data[0].id;

/** @param {ReturnType<typeof client>} send */
async function activeCampaignLimit(send) {
  const account = await newAccount(send);
  const fundingInstrument = (
    await send(
      "POST",
      `/accounts/${account}/funding_instruments?currency=USD&start_time=2026-01-01T00:00:00Z&type=CREDIT_CARD`,
      200,
    )
  ).data.id;
  const campaign = (/** @type {string} */ name, /** @type {string} */ status) => ({
    name,
    funding_instrument_id: fundingInstrument,
    daily_budget_amount_local_micro: DAILY_BUDGET,
    entity_status: status,
  });
  for (let first = 0; first < CAMPAIGN_LIMIT; first += BATCH_SIZE) {
    const items = Array.from({ length: BATCH_SIZE }, (_, i) => ({
      operation_type: "Create",
      params: campaign(`active ${first + i + 1}`, "ACTIVE"),
    }));
    await send("POST", `/batch/accounts/${account}/campaigns`, 200, items);
  }
  const query = (/** @type {Record<string, string | number>} */ params) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const paused = (await send("POST", `/accounts/${account}/campaigns?${query(campaign("paused", "PAUSED"))}`, 200)).data
    .id;
  await send("PUT", `/accounts/${account}/campaigns/${paused}?entity_status=ACTIVE`, 400);
  await send("POST", `/accounts/${account}/campaigns?${query(campaign("one too many", "ACTIVE"))}`, 400);
}

/** @param {ReturnType<typeof client>} send */
async function permissionOwnerOnly(send) {
  const owner = await newAccount(send);
  const other = await newAccount(send);
  const audience = (await send("POST", `/accounts/${owner}/custom_audiences?name=owned`, 200)).data.id;
  const permissions = (/** @type {string} */ account) =>
    `/accounts/${account}/custom_audiences/${audience}/permissions`;
  const grant = `granted_account_id=${other}&permission_level=READ_ONLY`;
  await send("POST", `${permissions(other)}?${grant}`, 403);
  await send("POST", `${permissions(owner)}?${grant}`, 403);
  await send("POST", `/accounts/${owner}/features?feature_keys=SHARE_AUDIENCE_OUTSIDE_BUSINESS`, 200);
  const permission = (await send("POST", `${permissions(owner)}?${grant}`, 200)).data.id;
  await send("DELETE", `${permissions(other)}/${permission}`, 403);
  await send("DELETE", `${permissions(owner)}/${permission}`, 200);
}

/** Runs both flows against the ads origin; throws on an answer of another status. @param {string} ads */
export async function runRefusalFlows(ads) {
  const send = client(ads);
  await activeCampaignLimit(send);
  await permissionOwnerOnly(send);
}
