// The fetch the client calls on Node when no `fetch` option is given: @xads/client/node's transport
// (undici's dispatcher API), which makes a call about twice as fast as Node's own fetch end to end.
// package.json's `imports` maps `#default-fetch` here under the `node` condition only, so browsers and
// workers never see this file; undici loads at the first request, not with the client.
import { defaultFetch as runtimeFetch } from "./default-fetch.js";
import type { Fetch } from "./layers/compose.js";
import type { NodeFetch } from "./node/fetch.js";

/**
 * Whether the Node transport is the right default here. Not in Bun or Deno, which can match the `node`
 * condition but whose own fetch is fast; not when Node's fetch goes through a proxy from the
 * environment (`NODE_USE_ENV_PROXY=1` or `--use-env-proxy`), which an undici `Agent` of its own would
 * bypass.
 */
function nodeTransportFits(): boolean {
  if ("Bun" in globalThis || "Deno" in globalThis) return false;
  const process = globalThis.process;
  if (typeof process?.versions?.node !== "string") return false;
  const flags = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  return process.env.NODE_USE_ENV_PROXY !== "1" && !/(^|\s)--use-env-proxy(\s|=|$)/.test(flags);
}

let shared: NodeFetch | undefined;
let loading: Promise<NodeFetch> | undefined;

/**
 * One Node transport for the process, made at the first request. Its idle keep-alive connections do
 * not hold the process open (undici unrefs an idle socket), so a script exits after its last call.
 */
const nodeFetch: Fetch = (input, init) => {
  if (shared) return shared(input, init);
  loading ??= import("./node/fetch.js").then(({ createNodeFetch }) => {
    shared = createNodeFetch();
    return shared;
  });
  return loading.then((fetch) => fetch(input, init));
};

export const defaultFetch: Fetch = nodeTransportFits() ? nodeFetch : runtimeFetch;
