// Finds processes by a marker in their environment (Linux /proc), so a test can tell that every
// process a run started, however deep, has ended.
import { readdirSync, readFileSync } from "node:fs";

export function processesWithMarker(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "latin1").includes(marker)) found.push(Number(entry));
    } catch {
      // The process ended while we looked, or is not ours to read.
    }
  }
  return found;
}
