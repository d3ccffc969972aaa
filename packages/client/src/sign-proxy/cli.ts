#!/usr/bin/env node
// xads-sign-proxy: serves a loopback proxy that signs every request with the XADS_OAUTH_* credentials.
import { parseArgs } from "node:util";
import { credentialsFromEnv } from "./credentials.js";
import { createSigningProxy } from "./proxy.js";

const USAGE = `Usage: xads-sign-proxy --target URL [--port 0] [--host 127.0.0.1]
  Credentials come from XADS_OAUTH_CONSUMER_KEY, XADS_OAUTH_CONSUMER_SECRET, XADS_OAUTH_TOKEN and
  XADS_OAUTH_TOKEN_SECRET; they are never printed.`;

async function main() {
  const { values } = parseArgs({
    options: {
      target: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.target) throw new Error("--target is required (the API origin to forward to)");
  if (values.port !== undefined && !/^\d{1,5}$/.test(values.port))
    throw new Error(`--port must be a number (got "${values.port}")`);
  const proxy = await createSigningProxy({
    target: values.target,
    credentials: credentialsFromEnv(process.env),
    ...(values.port !== undefined ? { port: Number(values.port) } : {}),
    ...(values.host ? { host: values.host } : {}),
  });
  console.log(`xads-sign-proxy: ${proxy.url} -> ${new URL(values.target).origin} (Ctrl-C stops)`);
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(`xads-sign-proxy: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
