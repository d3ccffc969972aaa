// emu.record(): an observer that writes every exchange of the emulator it was started on as a HAR
// entry (write.ts) as it ends, after the emulator's start; `stop()` detaches it and answers the recording.
import type { Emulator } from "../emulator-interface.js";
import type { HarEntry, RecordedOptions, Recording, RecordingHandle } from "./har.js";

export type { RecordingHandle };

import { Redactor } from "./redact.js";
import { entryOf, recordingOf, recordingStart } from "./write.js";

/** Writes each exchange of `emulator`'s own tenant to `onEntry`, redacted by `redactor`; answers the detach. */
export function recordEntries(emulator: Emulator, redactor: Redactor, onEntry: (entry: HarEntry) => void): () => void {
  return emulator.observe({
    exchange(exchange) {
      if (exchange.tenant === emulator.tenant) onEntry(entryOf(exchange, redactor));
    },
  });
}

export function startRecording(emulator: Emulator, options: RecordedOptions): RecordingHandle {
  const redactor = new Redactor();
  const start = recordingStart(emulator, options, redactor);
  const entries: HarEntry[] = [];
  const detach = recordEntries(emulator, redactor, (entry) => entries.push(entry));
  let recording: Recording | undefined;
  return {
    stop() {
      if (!recording) {
        detach();
        recording = recordingOf(start, entries);
      }
      return recording;
    },
  };
}
