// Child of the tenants bench. `population N RECORDS`: an emulator with N tenants (besides the default
// one, which holds RECORDS campaigns when N is 0) of RECORDS campaigns each; prints RSS once settled and
// the median in-process GET of a campaign of the last tenant. `workers N OPS`: N tenants served, one
// worker each doing OPS mixed requests over HTTP against its own model; prints requests per second
// and the isolation violations seen (records a worker did not make, or missed). Run with --expose-gc.
import { createEmulator } from "@xads/emulator";

const [mode = "population", n = "0", size = "0"] = process.argv.slice(2);
const count = Number(n);
const per = Number(size);
const emu = await createEmulator({ auth: "lenient", rateLimits: false });
const account = emu.fixture.accountId;
const headerOf = (tenant) => ({ authorization: `OAuth oauth_consumer_key="${tenant.fixture.consumerKey}"` });

async function fill(tenant) {
  const base = `https://ads-api.x.com/12/accounts/${account}`;
  const made = await tenant.fetch(`${base}/campaigns?funding_instrument_id=lygyi&name=seed&entity_status=PAUSED`, {
    method: "POST",
    headers: headerOf(tenant),
  });
  const campaign = (await made.json()).data;
  const snapshot = tenant.snapshot();
  let seq = snapshot.store.seq;
  for (let i = 0; i < per; i++) {
    const id = `b${i.toString(36)}`;
    snapshot.store.records.campaign.push({ seq: ++seq, parentId: account, data: { ...campaign, id, name: `c${i}` } });
  }
  snapshot.store.seq = seq;
  tenant.restore(snapshot);
}

async function settledRss() {
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 10; i++) {
    globalThis.gc?.();
    lowest = Math.min(lowest, process.memoryUsage().rss);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return lowest;
}

if (mode === "population") {
  const tenants = count === 0 ? [emu] : Array.from({ length: count }, () => emu.tenants.create());
  for (const tenant of tenants) await fill(tenant);
  const last = tenants.at(-1);
  const url = `https://ads-api.x.com/12/accounts/${account}/campaigns/b${(per - 1).toString(36)}`;
  const get = async () => {
    const answer = await emu.fetch(url, { headers: headerOf(last) });
    if (answer.status !== 200) throw new Error(`GET: ${answer.status}`);
    await answer.arrayBuffer();
  };
  for (let i = 0; i < 500; i++) await get();
  const times = [];
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    for (let i = 0; i < 1000; i++) await get();
    times.push((performance.now() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ rss: await settledRss(), getMs: times[3] }));
} else {
  const served = await emu.listen();
  const base = `${served.urls.ads}/12/accounts/${account}/campaigns`;
  const tenants = Array.from({ length: count }, () => emu.tenants.create());
  let violations = 0;
  let requests = 0;
  const send = async (tenant, method, url) => {
    requests++;
    const answer = await fetch(url, { method, headers: headerOf(tenant) });
    const body = await answer.json();
    if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(body)}`);
    return body;
  };
  const listAll = async (tenant) => {
    const ids = [];
    let cursor = null;
    do {
      const page = await send(tenant, "GET", `${base}?count=200${cursor ? `&cursor=${cursor}` : ""}`);
      ids.push(...page.data.map((c) => c.id));
      cursor = page.next_cursor;
    } while (cursor);
    return ids;
  };
  const started = performance.now();
  await Promise.all(
    tenants.map(async (tenant, w) => {
      const model = new Set(await listAll(tenant));
      const mine = [];
      for (let op = 0; op < per; op++) {
        const roll = (op * 7 + w) % 10;
        if (roll < 5) {
          const made = await send(
            tenant,
            "POST",
            `${base}?funding_instrument_id=lygyi&name=w${w}o${op}&entity_status=PAUSED`,
          );
          model.add(made.data.id);
          mine.push(made.data.id);
        } else if (roll < 7 && mine.length > 0) {
          const id = mine.pop();
          await send(tenant, "DELETE", `${base}/${id}`);
          model.delete(id);
        } else if (roll < 8) {
          const seen = await listAll(tenant);
          violations +=
            seen.filter((id) => !model.has(id)).length + [...model].filter((id) => !seen.includes(id)).length;
        } else {
          await send(tenant, "GET", `${base}/${mine.at(-1) ?? "8wku2"}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ rps: requests / seconds, requests, violations, rss: process.memoryUsage().rss }));
  await served.close();
}
