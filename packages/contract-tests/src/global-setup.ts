import { startMocks } from "@xads/mock";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import type { TestProject } from "vitest/node";
import { realTargetUrl, type Target } from "./targets.js";

/** Starts one Prism mock per document with operations (unless a real host is named), once per run. */
export default async function setup(project: TestProject) {
  const documents = loadSpec().served();
  const real = documents.filter((d) => realTargetUrl(d.name));
  const mocked = documents.filter((d) => !realTargetUrl(d.name)).map((d) => d.name);
  const mocks = await startMocks({ names: mocked, ports: "free" });
  const targets: Target[] = [
    ...mocks.servers.map((s) => ({ name: s.name, url: s.url, mock: true })),
    ...real.map((d) => ({ name: d.name, url: realTargetUrl(d.name) as string, mock: false })),
  ];
  project.provide("targets", targets);
  return () => mocks.stop();
}
