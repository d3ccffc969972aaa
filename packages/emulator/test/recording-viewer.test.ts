// The viewer beside a recording, read without a browser: a timeline of the requests in order, each
// with its answer, the records it changed and the state rules it ran; self-contained and escaped.
import { expect, it } from "vitest";
import type { Emulator } from "../src/index.js";
import { viewerHtml } from "../src/recording/viewer.js";
import { accountPath, call, newEmulator } from "./helpers.js";

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

async function recorded(run: (emu: Emulator) => Promise<void>) {
  const emu = await newEmulator();
  const handle = emu.record();
  await run(emu);
  return handle.stop();
}

it("lists every request in order with its status, the records it changed and the rules it ran", async () => {
  let id = "";
  const recording = await recorded(async (emu) => {
    const created = await call(
      emu,
      "POST",
      accountPath(emu, `/campaigns?funding_instrument_id=${emu.fixture.fundingInstrumentId}&name=one`),
    );
    id = created.body.data.id;
    await call(emu, "POST", accountPath(emu, "/custom_audiences?name=twice"));
    await call(emu, "POST", accountPath(emu, "/custom_audiences?name=twice"));
    await call(emu, "DELETE", accountPath(emu, `/campaigns/${id}`));
    await call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/campaigns`, {
      json: [
        { operation_type: "Create", params: { name: "b", funding_instrument_id: emu.fixture.fundingInstrumentId } },
      ],
    });
  });
  const html = viewerHtml(recording);
  const items = [...html.matchAll(/<li id="entry-(\d+)" class="entry"><details><summary>(.*?)<\/summary>/g)];
  expect(items.map((item) => item[1])).toEqual(["1", "2", "3", "4", "5"]);
  const summaries = items.map((item) => item[2] ?? "");
  expect(summaries[0]).toContain(`POST</span> <span class="path">/12/accounts/`);
  expect(summaries[0]).toContain(`created campaign ${id}`);
  expect(summaries[2]).toMatch(/400<\/span> <span class="operation">createCustomAudience/);
  expect(summaries[3]).toContain(`deleted campaign ${id}`);
  expect(summaries[4]).toMatch(/created campaign \w+/);
  expect(html).toContain("<li>custom-audience-name-unique: refused the change</li>");
  expect(html).toContain("+0.000 s");
});

it("is self-contained and shows every recorded value escaped", async () => {
  const recording = await recorded(async (emu) => {
    await call(
      emu,
      "POST",
      accountPath(
        emu,
        `/campaigns?funding_instrument_id=${emu.fixture.fundingInstrumentId}&name=${encodeURIComponent(HOSTILE)}`,
      ),
    );
    await call(emu, "GET", `/12/${encodeURIComponent(HOSTILE)}`, { headers: { "x-note": HOSTILE } });
  });
  const html = viewerHtml(recording);
  expect(html).not.toContain("<script");
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  // Nothing to fetch: no src or href, and a policy that would refuse anything external or inline.
  expect(html).not.toMatch(/<[a-z][^>]*\s(src|href)=/i);
  expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
});
