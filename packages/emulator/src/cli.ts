#!/usr/bin/env node
import { parseArgs } from "node:util";
import { isLoopbackHost } from "@xads/local-guard";
import { saveCoverage } from "./coverage-file.js";
import { createEmulator } from "./emulator.js";
// xads-emulator: serves the emulator, prints its URLs and the fixture's credentials, and with
// --snapshot FILE loads that state at start and saves it on exit (SIGINT, SIGTERM). With --tls the
// ports speak HTTPS and with --proxy an HTTPS proxy answers for the API's hosts: it prints the CA file
// and the environment variables a client that cannot be re-pointed needs.
import { parsePorts } from "./ports-option.js";
import { writeRecordingDir } from "./recording/files.js";
import { replayCommand } from "./recording/replay-command.js";
import { CONTROL_TOKEN_HEADER, type Served } from "./serve.js";
import { readSnapshotFile, writeSnapshotFile } from "./snapshot-file.js";
import { API_HOST_NAMES } from "./tls/host-names.js";

const USAGE = `Usage: xads-emulator [--ports auth=4010,ads=4011,tailored-audiences=4012,upload=4013] [--host 127.0.0.1]
                     [--snapshot FILE] [--coverage FILE] [--lenient-auth] [--no-rate-limits]
                     [--allow-origin ORIGIN]... [--allow-host NAME]...
                     [--tls] [--proxy] [--proxy-port PORT] [--tls-dir DIR] [--doctor] [--doctor-header]
  --tls         the ports speak HTTPS, with a certificate from a local CA made at start for the API's
                host names (current and legacy), localhost, 127.0.0.1 and ::1.
  --proxy       also serve an HTTPS proxy (HTTPS_PROXY) that answers CONNECT to the API's hosts itself
                and refuses every other host; it never connects to the internet.
  --tls-dir DIR keep the local CA in DIR and reuse it on later runs (default: a new CA per run).
  --doctor      the client doctor: findings on what clients do wrong, at GET /_emulator/findings;
                --doctor-header also answers their ids in x-xads-emulator-doctor.
  --coverage FILE  on exit, write the coverage of the API's rules to FILE (JSON) and its page next to it.
  --record DIR  record every exchange (credentials redacted); on exit write DIR/recording.har.gz and its
                viewer DIR/index.html. xads-emulator replay DIR [--check] replays it (replay --help).
  On a host other than loopback the controls (/_emulator/) answer other machines only with the token
  printed at start (or XADS_EMULATOR_CONTROL_TOKEN's value) in ${CONTROL_TOKEN_HEADER}.`;

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
  if (process.argv[2] === "replay") return replayCommand(process.argv.slice(3));
  const { values } = parseArgs({
    options: {
      ports: { type: "string" },
      host: { type: "string" },
      snapshot: { type: "string" },
      record: { type: "string" },
      coverage: { type: "string" },
      "lenient-auth": { type: "boolean" },
      "no-rate-limits": { type: "boolean" },
      "allow-origin": { type: "string", multiple: true },
      "allow-host": { type: "string", multiple: true },
      tls: { type: "boolean" },
      proxy: { type: "boolean" },
      "proxy-port": { type: "string" },
      "tls-dir": { type: "string" },
      doctor: { type: "boolean" },
      "doctor-header": { type: "boolean" },
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
    ...(values.doctor || values["doctor-header"] ? { doctor: { header: Boolean(values["doctor-header"]) } } : {}),
  });
  const file = values.snapshot;
  const saved = file ? readSnapshotFile(file) : undefined;
  if (saved) emulator.restore(saved);
  const recording = values.record ? emulator.record() : undefined;
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
    if (values.coverage) {
      try {
        console.log(saveCoverage(values.coverage, emulator.coverage()));
      } catch (error) {
        failed = true;
        console.error(`xads-emulator: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (recording && values.record) {
      try {
        console.log(
          `xads-emulator: recording written to ${writeRecordingDir(values.record, recording.stop()).recording}`,
        );
      } catch (error) {
        failed = true;
        console.error(
          `xads-emulator: recording not written (${error instanceof Error ? error.message : String(error)})`,
        );
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
    `Controls: ${served.urls.ads}/_emulator/ (reset, clock, snapshot, faults, requests, fixture, tenants, coverage, findings). Ctrl-C stops.`,
  ];
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(`xads-emulator: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
