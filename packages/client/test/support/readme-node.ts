// "@xads/client/node" as the README examples import it (test/readme-examples.test.ts): createNodeFetch
// hands out the test's routed fetch (the in-process emulator) with the real one's shape, so that an
// example written for the production hosts never reaches the network. test/node-fetch.test.ts runs the
// real undici transport against local servers and the served emulator.
import type { NodeFetch, NodeFetchOptions } from "../../src/node/index.js";
import { routedFetch } from "./readme-client.js";

export type { NodeFetch, NodeFetchOptions };

export function createNodeFetch(_options?: NodeFetchOptions): NodeFetch & { readonly closed: boolean } {
  let closed = false;
  const fetch = (input: string, init: RequestInit) =>
    closed ? Promise.reject(new Error("readme-node: fetch after close()")) : routedFetch(input, init);
  return Object.defineProperties(fetch, {
    dispatcher: { get: () => undefined },
    closed: { get: () => closed },
    close: {
      value: async () => {
        closed = true;
      },
    },
  }) as unknown as NodeFetch & { readonly closed: boolean };
}
