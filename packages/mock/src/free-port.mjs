// A loopback TCP port that the system had free a moment ago (another process may take it before it
// is used: callers that bind it later must handle EADDRINUSE).
import { createServer } from "node:net";

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      // A server listening on a TCP port has an AddressInfo (not a pipe name, not null).
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolvePort(port));
    });
  });
}
