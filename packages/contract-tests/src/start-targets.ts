import type { TestProject } from "vitest/node";
import type { ContractTarget, Endpoint } from "./targets/index.js";

interface ServedDocument {
  name: string;
  bundlePath: string;
}

/**
 * Starts each document's target (the documents of one target together), hands the endpoints to the
 * suites, and returns the teardown that stops them all.
 */
export async function startTargets(
  project: TestProject,
  documents: ServedDocument[],
  targetOf: (document: ServedDocument) => ContractTarget,
) {
  const byTarget = new Map<ContractTarget, ServedDocument[]>();
  for (const document of documents) {
    const target = targetOf(document);
    byTarget.set(target, [...(byTarget.get(target) ?? []), document]);
  }
  const endpoints: Endpoint[] = [];
  const stops: Array<() => Promise<void>> = [];
  const stopAll = () => Promise.all(stops.map((stop) => stop())).then(() => undefined);
  try {
    for (const [target, served] of byTarget) {
      const started = await target.start(served);
      stops.push(started.stop);
      endpoints.push(...started.endpoints);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide("endpoints", endpoints);
  return stopAll;
}
