// The main job's last step: serves a Prism mock for every document with operations on its fixed
// port, and the docs site, then prints the URLs. Ctrl-C stops everything.
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMocks } from "@xads/mock";
import sirv from "sirv";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const docsDir = join(root, "apps/docs/dist");
const docsPort = 4000;

const mocks = await startMocks({ ports: "fixed" });
const lines = mocks.servers.map((s) => `  ${s.title.padEnd(36)} ${s.url}`);

let docs;
if (existsSync(docsDir)) {
  docs = createServer(sirv(docsDir, { dev: false, etag: true }));
  await new Promise((done) => docs.listen(docsPort, "127.0.0.1", done));
  lines.unshift(`  ${"Reference site".padEnd(36)} http://127.0.0.1:${docsPort}/`);
}

console.log(`\nServing (Ctrl-C to stop):\n${lines.join("\n")}\n`);

const shutdown = async () => {
  docs?.close();
  await mocks.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
