import { loadSpec } from "@xads/spec/lib/model.mjs";
import type { TestProject } from "vitest/node";
import { startTargets } from "./start-targets.js";
import { mockTarget } from "./targets/mock.js";
import { realHostTarget, realTargetUrl } from "./targets/real-host.js";

/** Starts one Prism mock per document with operations (unless a real host is named), once per run. */
export default function setup(project: TestProject) {
  return startTargets(project, loadSpec().served(), (document) =>
    realTargetUrl(document.name) ? realHostTarget : mockTarget,
  );
}
