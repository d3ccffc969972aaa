import { loadSpec } from "@xads/spec/lib/model.mjs";
import type { TestProject } from "vitest/node";
import { startEmulatorTargets } from "./emulator-target.js";
import type { Target } from "./targets.js";

/** The emulator project: one emulator behind one `prism proxy --errors` per document, once per run. */
export default async function setup(project: TestProject) {
  const documents = loadSpec().served();
  const started = await startEmulatorTargets(documents);
  const targets: Target[] = started.targets.map((t) => ({ name: t.name, url: t.url, mock: false, direct: t.direct }));
  project.provide("targets", targets);
  return () => started.stop();
}
