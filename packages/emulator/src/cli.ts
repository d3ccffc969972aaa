#!/usr/bin/env node
// xads-emulator: serves the emulator, prints its URLs and the fixture's credentials, and with
// --snapshot FILE loads that state at start and saves it on exit (SIGINT, SIGTERM). With --tls the
// ports speak HTTPS and with --proxy an HTTPS proxy answers for the API's hosts: it prints the CA file
// and the environment variables a client that cannot be re-pointed needs.
import { parseArgs } from "node:util";
import { isLoopbackHost } from "@xads/local-guard";
import { createEmulator } from "./emulator.js";
import { CONTROL_TOKEN_HEADER, type DocumentName, type Served } from "./serve.js";
import { readSnapshotFile, writeSnapshotFile } from "./snapshot-file.js";
import { API_HOST_NAMES } from "./tls/host-names.js";

const USAGE = `Usage: xads-emulator [--ports auth=4010,ads=4011,tailored-audiences=4012,upload=4013] [--host 127.0.0.1]
                     [--snapshot FILE] [--lenient-auth] [--no-rate-limits]
                     [--allow-origin ORIGIN]... [--allow-host NAME]...
                     [--tls] [--proxy] [--proxy-port PORT] [--tls-dir DIR]
  --tls         the ports speak HTTPS, with a certificate from a local CA made at start for the API's
                host names (current and legacy), localhost, 127.0.0.1 and ::1.
  --proxy       also serve an HTTPS proxy (HTTPS_PROXY) that answers CONNECT to the API's hosts itself
                and refuses every other host; it never connects to the internet.
  --tls-dir DIR keep the local CA in DIR and reuse it on later runs (default: a new CA per run).
  On a host other than loopback the controls (/_emulator/) answer other machines only with the token
  printed at start (or XADS_EMULATOR_CONTROL_TOKEN's value) in ${CONTROL_TOKEN_HEADER}.`;

function parsePorts(text: string | undefined): Partial<Record<DocumentName, number>> {
  if (!text) return {};
  return Object.fromEntries(
    text.split(",").map((pair) => {
      const [name, port] = pair.split("=");
      if (!name || !port || !/^\d+$/.test(port)) throw new Error(`--ports: "${pair}" is not document=port`);
      return [name, Number(port)];
    }),
  );
}

/** What a client needs to reach the TLS ports or the proxy: the CA file and the variables to set. */
function trustLines(served: Served): string[] {
  const { caFile, proxyUrl } = served;
  if (!caFile) return [];
  return [
    `Local CA (trust it in the client): ${caFile}`,
    ...(proxyUrl
      ? [`Proxy: ${proxyUrl} answers CONNECT to ${API_HOST_NAMES.join(", ")} (port 443) itself, and to no other host.`]
      : []),
    "Set, in the client's environment:",
    ...(proxyUrl ? [`  export HTTPS_PROXY=${proxyUrl}`] : []),
    `  export NODE_EXTRA_CA_CERTS=${caFile}   # Node`,
    `  export REQUESTS_CA_BUNDLE=${caFile}    # Python requests`,
    `  export SSL_CERT_FILE=${caFile}         # curl, Python's ssl, OpenSSL`,
  ];
}

async function main() {
  const { values } = parseArgs({
    options: {
      ports: { type: "string" },
      host: { type: "string" },
      snapshot: { type: "string" },
      "lenient-auth": { type: "boolean" },
      "no-rate-limits": { type: "boolean" },
      "allow-origin": { type: "string", multiple: true },
      "allow-host": { type: "string", multiple: true },
      tls: { type: "boolean" },
      proxy: { type: "boolean" },
      "proxy-port": { type: "string" },
      "tls-dir": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const emulator = await createEmulator({
    auth: values["lenient-auth"] ? "lenient" : "strict",
    rateLimits: !values["no-rate-limits"],
  });
  const file = values.snapshot;
  const saved = file ? readSnapshotFile(file) : undefined;
  if (saved) emulator.restore(saved);
  const controlToken = process.env.XADS_EMULATOR_CONTROL_TOKEN;
  const proxyPort = values["proxy-port"];
  if (proxyPort !== undefined && !/^\d{1,5}$/.test(proxyPort))
    throw new Error(`--proxy-port: "${proxyPort}" is not a port`);
  const served = await emulator.listen({
    ports: parsePorts(values.ports),
    ...(values.host ? { host: values.host } : {}),
    ...(controlToken ? { controlToken } : {}),
    ...(values["allow-origin"] ? { allowedOrigins: values["allow-origin"] } : {}),
    ...(values["allow-host"] ? { allowedHosts: values["allow-host"] } : {}),
    ...(values.tls ? { tls: true } : {}),
    ...(values.proxy || proxyPort !== undefined ? { proxy: proxyPort === undefined ? true : Number(proxyPort) } : {}),
    ...(values["tls-dir"] ? { tlsDir: values["tls-dir"] } : {}),
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    let failed = false;
    if (file) {
      try {
        writeSnapshotFile(file, () => emulator.snapshot());
      } catch (error) {
        failed = true;
        console.error(`xads-emulator: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await served.close();
    console.log(`xads-emulator: stopped (${signal})${file && !failed ? `, state saved to ${file}` : ""}`);
    process.exit(failed ? 1 : 0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  if (values.host && !isLoopbackHost(values.host)) {
    console.error(
      [
        `WARNING: the emulator listens on ${values.host}: other machines reach its API (${values["lenient-auth"] ? "lenient" : "strict"} auth).`,
        `  Its controls answer them only with ${CONTROL_TOKEN_HEADER}: ${controlToken ? "(XADS_EMULATOR_CONTROL_TOKEN)" : served.controlToken}`,
      ].join("\n"),
    );
  }
  const lines = [
    `xads-emulator: ${values["lenient-auth"] ? "lenient" : "strict"} auth, rate limits ${values["no-rate-limits"] ? "off" : "on"}${file ? `, snapshot ${file}` : ""}`,
    ...Object.entries(served.urls).map(([name, url]) => `  ${name.padEnd(20)} ${url}`),
    "Fixture credentials (OAuth 1.0a, HMAC-SHA1):",
    ...Object.entries(emulator.fixture).map(([key, value]) => `  ${key.padEnd(20)} ${value}`),
    ...trustLines(served),
    `Controls: ${served.urls.ads}/_emulator/ (reset, clock, snapshot, faults, requests, fixture). Ctrl-C stops.`,
  ];
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(`xads-emulator: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
