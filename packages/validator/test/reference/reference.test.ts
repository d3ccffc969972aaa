// The provider's reference keeps us honest: every example request and response of its public pages
// (examples.json, extracted by extract.mjs with the file and line of each) goes through the validator,
// requests with their x-rules. Each example passes, or is listed in exceptions.json with the seed's
// words that override the reference. An exception that no longer fails fails the suite (stale).
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { getOperation } from "../../src/index.js";
import type { ValidationError } from "../../src/runtime/types.js";

interface Example {
  source: string;
  line: number;
  operationId: string;
  kind: "request" | "response";
  method: string;
  url: string;
  status?: number;
  request?: { path: Record<string, string>; query: Record<string, string | string[]>; body?: unknown };
  body?: unknown;
  repaired?: string[];
}

interface Exception {
  source: string;
  line: number;
  operationId: string;
  /** The parameters (or body paths) the validator names: the example must fail there and only there. */
  parameters: string[];
  reason: string;
  seed: string;
}

function load<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, import.meta.url), "utf8")) as T;
}

const { examples } = load<{ examples: Example[] }>("./examples.json");
const exceptions = load<{ exceptions: Exception[] }>("./exceptions.json").exceptions;

const key = (entry: { source: string; line: number }) => `${entry.source}:${entry.line}`;
const exceptionByKey = new Map(exceptions.map((exception) => [key(exception), exception]));

// The rules relative to now (time windows, "at most this far ahead") run at a fixed clock, later than
// every date the examples show: when each example was written is unknown, and a clock before it would
// fail an example for its age, not its shape.
const now = new Date("2026-01-01T00:00:00Z");

function run(example: Example): ValidationError[] {
  const operation = getOperation(example.operationId);
  const result =
    example.kind === "request"
      ? operation.validateRequest(example.request, { now })
      : operation.validateResponse(example.status ?? 200, example.body);
  return result.valid ? [] : result.errors;
}

const tally = { pass: 0, exceptions: 0 };

describe("the reference's examples", () => {
  it("were extracted and each names a known example", () => {
    expect(examples.length).toBeGreaterThan(0);
    const keys = new Set(examples.map(key));
    expect(keys.size).toBe(examples.length);
    for (const exception of exceptions) {
      expect(keys.has(key(exception)), `exception ${key(exception)} names no example`).toBe(true);
      expect(exception.seed, `exception ${key(exception)} quotes no seed`).toMatch(/\S/);
    }
  });

  for (const example of examples) {
    const exception = exceptionByKey.get(key(example));
    const title = `${example.kind} ${example.operationId} (${key(example)})`;
    it(title, () => {
      expect(exception?.operationId ?? example.operationId).toBe(example.operationId);
      const errors = run(example);
      if (!exception) {
        expect(errors, `${title}: ${example.method} ${example.url}`).toEqual([]);
        tally.pass++;
        return;
      }
      expect(errors.length, `stale exception ${key(example)}: the example now passes`).toBeGreaterThan(0);
      expect([...new Set(errors.map((error) => error.parameter))].sort()).toEqual([...exception.parameters].sort());
      tally.exceptions++;
    });
  }
});

afterAll(() => {
  console.log(`reference examples: ${tally.pass} pass, ${tally.exceptions} documented exceptions`);
});
