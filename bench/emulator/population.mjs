// Child of the emulator bench: an emulator holding `campaigns` campaigns and `lineItems` line items
// (restored from a snapshot built from records the emulator created), then RSS after a collection (at
// once, and once it settles) and the median time of the first page of line items (count=20). Run with
// --expose-gc.
import { createEmulator } from "@xads/emulator";

const [campaigns = 0, lineItems = 0] = process.argv.slice(2).map(Number);
const headers = { authorization: "OAuth bench" };
const ads = "https://ads-api.x.com/12/accounts/18ce54d4x5t";
const emulator = await createEmulator({ auth: "lenient", rateLimits: false });
const created = async (path) => {
  const answer = await emulator.fetch(`${ads}${path}`, { method: "POST", headers });
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()).data;
};
const campaign = await created("/campaigns?funding_instrument_id=lygyi&name=bench&entity_status=PAUSED");
const lineItem = await created(
  `/line_items?campaign_id=${campaign.id}&objective=ENGAGEMENTS&product_type=PROMOTED_TWEETS&placements=ALL_ON_TWITTER&name=bench&entity_status=PAUSED&bid_strategy=AUTO`,
);
/** The snapshot with the records added; built in a function, so that it is garbage once restored. */
function populated() {
  const snapshot = emulator.snapshot();
  let seq = snapshot.store.seq;
  const accountId = emulator.fixture.accountId;
  const campaignIds = [];
  for (let i = 0; i < campaigns; i++) {
    const id = `b${i.toString(36)}`;
    campaignIds.push(id);
    snapshot.store.records.campaign.push({ seq: ++seq, parentId: accountId, data: { ...campaign, id, name: `c${i}` } });
  }
  for (let i = 0; i < lineItems; i++) {
    const data = {
      ...lineItem,
      id: `l${i.toString(36)}`,
      campaign_id: campaignIds[i % campaignIds.length] ?? campaign.id,
    };
    snapshot.store.records.line_item.push({ seq: ++seq, parentId: accountId, data });
  }
  snapshot.store.seq = seq;
  return snapshot;
}
emulator.restore(populated());

const page = async () => {
  const answer = await emulator.fetch(`${ads}/line_items?count=20`, { headers });
  if (answer.status !== 200) throw new Error(`list: ${answer.status}`);
  await answer.arrayBuffer();
};
for (let i = 0; i < 20; i++) await page();
const times = [];
for (let i = 0; i < 300; i++) {
  const started = performance.now();
  await page();
  times.push(performance.now() - started);
}
globalThis.gc?.();
globalThis.gc?.();
const rssAtOnce = process.memoryUsage().rss;
// V8 hands freed pages (the restore's garbage, a grown young generation) back to the OS only when
// idle (its memory reducer): the memory held is the lowest RSS over 15 s idle, collecting every 500 ms
// as the reducer would.
let rss = rssAtOnce;
for (let i = 0; i < 30; i++) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  globalThis.gc?.();
  rss = Math.min(rss, process.memoryUsage().rss);
}
const listMs = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
process.stdout.write(`${JSON.stringify({ rss, rssAtOnce, listMs, held: emulator.snapshot().store.seq })}\n`);
