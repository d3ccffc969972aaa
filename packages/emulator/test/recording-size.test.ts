// A recording of 1,000 requests, the mix of a CI run (creates, reads, updates, deletes, lists, a
// batch), stays under 1 MB on disk.
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { readRecordingPath, writeRecordingDir } from "../src/recording/files.js";
import { accountPath, call, newEmulator } from "./helpers.js";

it("1,000 requests are written in under 1 MB, and read back whole", async () => {
  const emu = await newEmulator();
  const handle = emu.record();
  const fundingInstrument = emu.fixture.fundingInstrumentId;
  for (let round = 0; round < 100; round++) {
    // Writes are 450 a minute: a minute passes every 100 requests.
    emu.clock.advance(60_000);
    const created = await call(
      emu,
      "POST",
      accountPath(emu, `/campaigns?funding_instrument_id=${fundingInstrument}&name=c${round}`),
    );
    const id = created.body.data.id as string;
    await call(emu, "GET", accountPath(emu, `/campaigns/${id}`));
    await call(emu, "PUT", accountPath(emu, `/campaigns/${id}?entity_status=PAUSED&name=renamed${round}`));
    await call(emu, "GET", accountPath(emu, "/campaigns?count=5"));
    await call(emu, "GET", accountPath(emu, `/campaigns?campaign_ids=${id}&with_deleted=true`));
    await call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/campaigns`, {
      json: [{ operation_type: "Create", params: { name: `b${round}`, funding_instrument_id: fundingInstrument } }],
    });
    await call(emu, "GET", accountPath(emu, `/campaigns/${id}?with_deleted=true`));
    await call(emu, "POST", accountPath(emu, `/custom_audiences?name=audience${round}`));
    await call(emu, "DELETE", accountPath(emu, `/campaigns/${id}`));
    await call(emu, "GET", accountPath(emu, `/campaigns/${id}`));
  }
  const recording = handle.stop();
  expect(recording.log.entries).toHaveLength(1000);
  const dir = mkdtempSync(join(tmpdir(), "xads-recording-size-"));
  const files = writeRecordingDir(dir, recording);
  expect(statSync(files.recording).size).toBeLessThan(1_000_000);
  expect(readRecordingPath(dir)).toEqual(JSON.parse(JSON.stringify(recording)));
});
