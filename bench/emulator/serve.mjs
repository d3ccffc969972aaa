// Child of the emulator bench: serves the emulator (lenient auth, no rate limits); with --prism, the
// Prism mocks (startMocks of @xads/mock); with --bare PATH, a bare node:http server answering every
// request with the bytes and headers the emulator answers PATH with. Prints the ads URL as a JSON
// line; stops on SIGTERM.
import { createServer } from "node:http";
import { createEmulator } from "@xads/emulator";
import { startMocks } from "@xads/mock";

if (process.argv.includes("--prism")) {
  const mocks = await startMocks({ names: ["ads"], ports: "free" });
  process.stdout.write(`${JSON.stringify({ url: mocks.servers[0]?.url })}\n`);
  process.on("SIGTERM", () => mocks.stop().then(() => process.exit(0)));
} else if (process.argv.includes("--bare")) {
  const path = process.argv[process.argv.indexOf("--bare") + 1] ?? "/";
  const emulator = await createEmulator({ auth: "lenient", rateLimits: false });
  const answer = await emulator.fetch(`https://ads-api.x.com${path}`, { headers: { authorization: "OAuth bench" } });
  const body = Buffer.from(await answer.arrayBuffer());
  const headers = Object.fromEntries(answer.headers);
  const server = createServer((_request, response) => response.writeHead(answer.status, headers).end(body));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}`, bytes: body.byteLength })}\n`);
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
} else {
  const emulator = await createEmulator({ auth: "lenient", rateLimits: false });
  const served = await emulator.listen();
  process.stdout.write(`${JSON.stringify({ url: served.urls.ads })}\n`);
  process.on("SIGTERM", () => served.close().then(() => process.exit(0)));
}
