// Child of the emulator bench: serves the emulator (lenient auth, no rate limits) or, with --prism,
// the Prism mocks (startMocks of @xads/mock), and prints the ads URL as a JSON line; stops on SIGTERM.
import { createEmulator } from "@xads/emulator";
import { startMocks } from "@xads/mock";

if (process.argv.includes("--prism")) {
  const mocks = await startMocks({ names: ["ads"], ports: "free" });
  process.stdout.write(`${JSON.stringify({ url: mocks.servers[0]?.url })}\n`);
  process.on("SIGTERM", () => mocks.stop().then(() => process.exit(0)));
} else {
  const emulator = await createEmulator({ auth: "lenient", rateLimits: false });
  const served = await emulator.listen();
  process.stdout.write(`${JSON.stringify({ url: served.urls.ads })}\n`);
  process.on("SIGTERM", () => served.close().then(() => process.exit(0)));
}
