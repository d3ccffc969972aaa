// The CLI's --snapshot FILE: read and checked whole before anything is restored, written whole or not
// at all (a temporary file renamed over the old one), so a failed save keeps the previous state.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { assertSnapshot, type Snapshot } from "./snapshot.js";

/** The snapshot in `file`, checked; none when there is no file. Throws naming the file and the problem. */
export function readSnapshotFile(file: string): Snapshot | undefined {
  if (!existsSync(file)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`--snapshot ${file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    assertSnapshot(value);
  } catch (error) {
    throw new Error(`--snapshot ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return value;
}

/** The file a save is written to before it replaces `file`. */
export const savingFile = (file: string) => `${file}.saving`;

/** Writes the snapshot to `file` whole, or throws and leaves `file` as it was. */
export function writeSnapshotFile(file: string, snapshot: () => Snapshot): void {
  const saving = savingFile(file);
  try {
    writeFileSync(saving, `${JSON.stringify(snapshot())}\n`);
    renameSync(saving, file);
  } catch (error) {
    removeQuietly(saving);
    throw new Error(
      `state not saved to ${file} (${error instanceof Error ? error.message : String(error)}); ${
        existsSync(file) ? "it keeps its previous content" : "no file was written"
      }`,
    );
  }
}

function removeQuietly(path: string) {
  try {
    rmSync(path, { force: true });
  } catch {
    // Something that is not a file we wrote (a directory in the way): left as it is.
  }
}
