// Reads a smoke report from the text a runtime answered, refusing anything of another shape.
import type { SmokeReport } from "../smoke/report.js";

export function readReport(text: string, where: string): SmokeReport {
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    throw new Error(`the ${where} is not a JSON report: ${text.slice(0, 500)}`);
  }
  const { runtime, steps } = (report ?? {}) as Partial<SmokeReport>;
  if (typeof runtime !== "string" || !Array.isArray(steps)) {
    throw new Error(`the ${where} is not a smoke report: ${text.slice(0, 500)}`);
  }
  return { runtime, steps };
}
