// `listen()` where Node's servers are not there (workers, browsers): package.json's `imports` maps
// `#serve` here on every runtime but Node, so the emulator's core loads without node:http.

import type { ListenOptions, Served } from "./serve.js";
import type { Handler } from "./serve-request.js";

export async function serve(_options: ListenOptions, _handler: Handler): Promise<Served> {
  throw new Error(
    "@xads/emulator: listen() serves over node:http, which this runtime does not have; call the emulator's fetch instead",
  );
}
