// "@xads/client" as the README examples import it (test/readme-examples.test.ts): the package's source,
// its factories given the test's fetch unless the example passes its own, so that an example written
// for the production hosts reaches the emulator unchanged.

import type { FetchLike } from "../../src/index.js";
import * as client from "../../src/index.js";

export * from "../../src/index.js";

const unrouted: FetchLike = () => Promise.reject(new Error("readme-client: no route (call routeTo first)"));
let target = unrouted;

/** Where the factories send from now on; never the network. */
export function routeTo(fetch: FetchLike | undefined): void {
  target = fetch ?? unrouted;
}

/** The fetch the factories send through now (test/support/readme-node.ts hands it out). */
export const routedFetch: FetchLike = (input, init) => target(input, init);

const routed = <O extends { fetch?: FetchLike }>(options: O = {} as O): O => ({ fetch: target, ...options });

export const createAdsClient: typeof client.createAdsClient = (options) => client.createAdsClient(routed(options));
export const createAuthClient: typeof client.createAuthClient = (options) => client.createAuthClient(routed(options));
export const createTailoredAudiencesClient: typeof client.createTailoredAudiencesClient = (options) =>
  client.createTailoredAudiencesClient(routed(options));
export const createUploadClient: typeof client.createUploadClient = (options) =>
  client.createUploadClient(routed(options));
