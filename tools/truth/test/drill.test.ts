// The drift drill: a second emulator plays "the real API" with one plant at a time; the drill's flows
// (the workflows' traffic and the refusals it never provokes) are recorded against it through the
// signing proxy's recorder and the loop (drift + replay) must flag exactly the plant. Prints the table
// plant -> finding.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runPlant, verdictOf } from "../src/drill.mjs";
import { answerPlants, rulePlants } from "../src/plants.mjs";
import { readRecordingFile } from "../src/recordings.mjs";

const fixture = (name: string) => readRecordingFile(join(import.meta.dirname, "fixtures", `${name}.har.gz`));
const flows = [
  { name: "workflows", recording: fixture("workflows") },
  { name: "refusals", recording: fixture("refusals") },
];

describe("the drift drill", () => {
  it("flags every plant, and nothing when nothing is planted", async () => {
    const baseline = await runPlant(flows, undefined);
    expect(baseline.differences).toEqual([]);
    const plants = [...answerPlants, ...rulePlants()];
    const rows: string[] = [];
    const missed: string[] = [];
    for (const plant of plants) {
      const verdict = verdictOf(plant, await runPlant(flows, plant, baseline.baselineKeys));
      rows.push(`| ${verdict.ok ? "ok" : "MISSED"} | ${plant.name} | ${verdict.found.replaceAll("|", "/")} |`);
      if (!verdict.ok) missed.push(plant.name);
    }
    console.log(["| | plant | finding |", "| --- | --- | --- |", ...rows].join("\n"));
    console.log(`${plants.length - missed.length} of ${plants.length} plants found`);
    expect(missed).toEqual([]);
  });

  it("finds active-campaign-limit and permission-owner-only by the refusals the workflows never provoke", async () => {
    const provoked = rulePlants().filter((p) => /active-campaign-limit|permission-owner-only/.test(p.name));
    expect(provoked).toHaveLength(2);
    for (const plant of provoked) {
      const result = await runPlant(flows, plant);
      const named = result.differences.filter((d) => d.producedBy.some((id) => plant.disabledRules?.includes(id)));
      // The planted API let pass what the emulator refuses: 200 recorded, 400 or 403 replayed.
      const letPass = named.filter(
        (d) =>
          d.flows === "refusals" &&
          d.field === "response.status" &&
          d.recorded === "200" &&
          ["400", "403"].includes(d.replayed),
      );
      expect(letPass.length).toBeGreaterThan(0);
    }
  });

  it("a plant the loop could not see fails its verdict (the drill is not vacuous)", async () => {
    const baseline = await runPlant(flows, undefined);
    const wrong = { name: "expects a status drift", expect: { drift: ["undocumented-status" as const] } };
    expect(verdictOf(wrong, await runPlant(flows, undefined, baseline.baselineKeys)).ok).toBe(false);
  });
});
