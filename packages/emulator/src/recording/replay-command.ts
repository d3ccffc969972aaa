// `xads-emulator replay DIR` (Node only): serves an emulator made from a recording's start, or with
// --check sends every recorded request to a fresh one in process and compares the answers, exiting 1
// at the first difference.
import { parseArgs } from "node:util";
import { parsePorts } from "../ports-option.js";
import { readRecordingPath } from "./files.js";
import { checkReplay, replayEmulator } from "./replay.js";

export const REPLAY_USAGE = `Usage: xads-emulator replay DIR [--check] [--ports auth=4010,...] [--host 127.0.0.1]
  DIR           a recording (--record DIR, or a HAR file the emulator wrote).
  --check       send every recorded request again to a fresh emulator made from the recording's start
                and compare the answers (status, headers, body); exit 1 at the first difference.
  without it    serve an emulator in the recording's start state (lenient auth: the recording keeps no
                secret), on the ports as the normal command does.`;

async function check(dir: string): Promise<void> {
  const result = await checkReplay(readRecordingPath(dir));
  const skipped =
    result.skipped.length > 0 ? `; ${result.skipped.length} not sent again (${result.skipped[0]?.reason})` : "";
  const { difference } = result;
  if (!difference) {
    const requests = `${result.compared} request${result.compared === 1 ? "" : "s"}`;
    console.log(`xads-emulator replay: ${requests} replayed, every answer identical${skipped}`);
    return;
  }
  console.error(
    [
      `xads-emulator replay: entry ${difference.entry} (${difference.request}) answers differently: ${difference.field}`,
      `  recorded: ${difference.recorded}`,
      `  replayed: ${difference.replayed}`,
    ].join("\n"),
  );
  process.exitCode = 1;
}

async function serve(dir: string, ports: string | undefined, host: string | undefined): Promise<void> {
  const recording = readRecordingPath(dir);
  const emulator = await replayEmulator(recording, { virtualClock: false });
  const served = await emulator.listen({ ports: parsePorts(ports), ...(host ? { host } : {}) });
  const stop = async (signal: string) => {
    await served.close();
    console.log(`xads-emulator replay: stopped (${signal})`);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  const start = recording.log._xads;
  console.log(
    [
      `xads-emulator replay: ${dir}, at its start (${recording.log.entries.length} requests recorded from ${start ? new Date(start.clock.start).toISOString() : "?"})`,
      "  lenient auth: the recording's credentials are redacted (redacted.token.1, ...); any Authorization of the operation's scheme is taken",
      ...Object.entries(served.urls).map(([name, url]) => `  ${name.padEnd(20)} ${url}`),
      `Controls: ${served.urls.ads}/_emulator/ (reset, clock, snapshot, faults, requests). Ctrl-C stops.`,
    ].join("\n"),
  );
}

export async function replayCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      check: { type: "boolean" },
      ports: { type: "string" },
      host: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(REPLAY_USAGE);
    return;
  }
  const [dir, ...more] = positionals;
  if (!dir || more.length > 0) throw new Error(`replay takes one recording (DIR)\n${REPLAY_USAGE}`);
  if (values.check) await check(dir);
  else await serve(dir, values.ports, values.host);
}
