// The reference site's server. It takes its port at once (so a taken port is reported before anything
// else starts) and answers 503 until the build is done, then serves apps/docs/dist.
import { createServer } from "node:http";
import sirv from "sirv";

export function createDocsServer() {
  /** @type {import("node:http").RequestListener | undefined} */
  let handler;
  const server = createServer((request, response) => {
    if (handler) return handler(request, response);
    response.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "5" });
    response.end("The reference site is still building; reload in a few seconds.\n");
  });
  return {
    server,
    /**
     * Starts serving the built site from `dir`.
     * @param {string} dir
     */
    serve(dir) {
      handler = sirv(dir, { dev: false, etag: true });
    },
  };
}
