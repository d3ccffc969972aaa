// The drift drill: a second emulator plays "the real API" with one plant at a time; the workflows'
// traffic is recorded against it through the signing proxy's recorder and the loop (drift + replay)
// must flag exactly the plant. Prints the table plant -> finding.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runPlant, verdictOf } from "../src/drill.mjs";
import { answerPlants, NOT_EXERCISED, rulePlants } from "../src/plants.mjs";
import { readRecordingFile } from "../src/recordings.mjs";

const flows = readRecordingFile(join(import.meta.dirname, "fixtures", "workflows.har.gz"));

describe("the drift drill", () => {
  it("flags every plant, and nothing when nothing is planted", async () => {
    const baseline = await runPlant(flows, undefined);
    expect(baseline.differences).toEqual([]);
    const rows: string[] = [];
    const missed: string[] = [];
    const silent: string[] = [];
    for (const plant of [...answerPlants, ...rulePlants()]) {
      const verdict = verdictOf(plant, await runPlant(flows, plant, baseline.baselineKeys));
      rows.push(`| ${verdict.ok ? "ok" : "MISSED"} | ${plant.name} | ${verdict.found.replaceAll("|", "/")} |`);
      if (!verdict.ok) missed.push(plant.name);
      if (verdict.found === "nothing") silent.push(plant.name);
    }
    console.log(["| | plant | finding |", "| --- | --- | --- |", ...rows].join("\n"));
    expect(missed).toEqual([]);
    // Only the modules the workflows' traffic never exercises go unnoticed.
    expect(silent.map((name) => /rule off: ([\w-]+)/.exec(name)?.[1])).toEqual(NOT_EXERCISED);
  });

  it("a plant the loop could not see fails its verdict (the drill is not vacuous)", async () => {
    const baseline = await runPlant(flows, undefined);
    const wrong = { name: "expects a status drift", expect: { drift: ["undocumented-status" as const] } };
    expect(verdictOf(wrong, await runPlant(flows, undefined, baseline.baselineKeys)).ok).toBe(false);
  });
});
