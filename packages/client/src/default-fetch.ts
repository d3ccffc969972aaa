// The fetch the client calls when no `fetch` option is given, in every runtime but Node: the runtime's
// own. package.json's `imports` maps `#default-fetch` here, and to default-fetch.node.js on Node.
import type { Fetch } from "./layers/compose.js";

/** The runtime's own fetch, looked up per call (a test or a polyfill may set it later). */
export const defaultFetch: Fetch = (input, init) => globalThis.fetch(input, init);
