#!/usr/bin/env node
// xads-sign-proxy: serves a loopback proxy that signs every request with the XADS_OAUTH_* credentials.
import { parseArgs } from "node:util";
import { credentialsFromEnv } from "./credentials.js";
import { createSigningProxy, PROXY_TOKEN_HEADER } from "./proxy.js";
import { createHarRecorder } from "./recorder.js";

const TOKEN_VARIABLE = "XADS_SIGN_PROXY_TOKEN";

const USAGE = `Usage: xads-sign-proxy --target URL [--port 0] [--host 127.0.0.1]
                       [--allow-remote] [--allow-origin ORIGIN]... [--allow-host NAME]... [--record DIR]
  Credentials come from XADS_OAUTH_CONSUMER_KEY, XADS_OAUTH_CONSUMER_SECRET, XADS_OAUTH_TOKEN and
  XADS_OAUTH_TOKEN_SECRET; they are never printed.
  Only clients on this machine are answered. --allow-remote (with --host) answers other machines that
  send ${TOKEN_VARIABLE}'s value (at least 16 characters) in ${PROXY_TOKEN_HEADER}.
  Web pages are refused; --allow-origin lets one origin's pages call it.
  --record DIR writes each exchange to DIR/recording.har (HAR 1.2, credentials redacted).`;

async function main() {
  const { values } = parseArgs({
    options: {
      target: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      "allow-remote": { type: "boolean" },
      "allow-origin": { type: "string", multiple: true },
      "allow-host": { type: "string", multiple: true },
      record: { type: "string" },
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
  const remoteToken = values["allow-remote"] ? process.env[TOKEN_VARIABLE] : undefined;
  if (values["allow-remote"] && !remoteToken)
    throw new Error(`--allow-remote needs ${TOKEN_VARIABLE}: the token other machines must send`);
  const credentials = credentialsFromEnv(process.env);
  const recorder = values.record === undefined ? undefined : createHarRecorder(credentials, values.record);
  const proxy = await createSigningProxy({
    target: values.target,
    credentials,
    ...(recorder ? { recorder } : {}),
    ...(values.port !== undefined ? { port: Number(values.port) } : {}),
    ...(values.host ? { host: values.host } : {}),
    ...(remoteToken ? { remoteToken } : {}),
    ...(values["allow-origin"] ? { allowedOrigins: values["allow-origin"] } : {}),
    ...(values["allow-host"] ? { allowedHosts: values["allow-host"] } : {}),
  });
  for (const line of proxy.warnings) console.error(line);
  console.log(`xads-sign-proxy: ${proxy.url} -> ${new URL(values.target).origin} (Ctrl-C stops)`);
  if (recorder?.file) console.log(`xads-sign-proxy: recording to ${recorder.file}`);
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(`xads-sign-proxy: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
