// @xads/client/node: what only Node runs (undici), kept out of the core entry point.
export type { NodeFetch, NodeFetchOptions } from "./fetch.js";
export { createNodeFetch } from "./fetch.js";
