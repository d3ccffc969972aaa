import { loadSpec } from "@xads/spec/lib/model.mjs";
import type { TestProject } from "vitest/node";
import { startTargets } from "./start-targets.js";
import { emulatorTarget } from "./targets/emulator.js";

/** The emulator project: one emulator behind one `prism proxy --errors` per document, once per run. */
export default function setup(project: TestProject) {
  return startTargets(project, loadSpec().served(), () => emulatorTarget);
}
