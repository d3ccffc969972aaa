// A recording on disk (Node only: the CLI's --record DIR and replay DIR). DIR holds the recording,
// gzip-compressed HAR (recording.har.gz: a recording's answers repeat, so 1,000 requests take tens of
// kB instead of about 2 MB), and the viewer beside it (index.html). Each file is written whole or not at
// all (a temporary file renamed over it).

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Recording } from "./har.js";
import { parseRecording } from "./read.js";
import { viewerHtml } from "./viewer.js";

export const RECORDING_FILE = "recording.har.gz";
export const VIEWER_FILE = "index.html";
/** A recording larger than this once unpacked is refused (a hostile archive cannot fill the memory). */
const MAX_RECORDING_BYTES = 512 * 1024 * 1024;

function writeWhole(file: string, content: string | Uint8Array): void {
  const writing = `${file}.writing`;
  try {
    writeFileSync(writing, content);
    renameSync(writing, file);
  } catch (error) {
    rmSync(writing, { force: true });
    throw error;
  }
}

/** Writes the recording and its viewer into `dir` (made when missing); answers their paths. */
export function writeRecordingDir(dir: string, recording: Recording): { recording: string; viewer: string } {
  mkdirSync(dir, { recursive: true });
  const files = { recording: join(dir, RECORDING_FILE), viewer: join(dir, VIEWER_FILE) };
  writeWhole(files.recording, gzipSync(JSON.stringify(recording)));
  writeWhole(files.viewer, viewerHtml(recording));
  return files;
}

/** The recording in `path`: a recording directory, or a HAR file (gzip-compressed or not). */
export function readRecordingPath(path: string): Recording {
  let file = path;
  let bytes: Buffer;
  try {
    // A directory holds recording.har.gz (--record), or recording.har (a test that wrote `stop()`'s JSON).
    if (statSync(path).isDirectory())
      file =
        [RECORDING_FILE, "recording.har"].map((name) => join(path, name)).find(existsSync) ??
        join(path, RECORDING_FILE);
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(`${path}: no recording (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    const text = (gzipped ? gunzipSync(bytes, { maxOutputLength: MAX_RECORDING_BYTES }) : bytes).toString("utf8");
    return parseRecording(text);
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
